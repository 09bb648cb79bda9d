import type { LocalizedJson } from '../models/models.tables.js';
import type { StoredField } from './templates.tables.js';

/** The writing templates of spec §1, seeded once on a fresh installation (admins edit or delete them afterwards). */
type L = LocalizedJson;
const l = (zh: string, en: string, ja: string, ko: string): L => ({ zh, en, ja, ko });

export const SEED_CATEGORIES: { key: string; names: L; sort: number }[] = [
  { key: 'polish', names: l('润色', 'Polishing', '校正', '교정'), sort: 1 },
  { key: 'research', names: l('科研', 'Research', '研究', '연구'), sort: 2 },
  { key: 'language', names: l('翻译与写作', 'Translation & writing', '翻訳と執筆', '번역과 글쓰기'), sort: 3 },
];

const text = (name: string, label: L, options: Partial<StoredField> = {}): StoredField => ({
  name,
  label,
  placeholder: {},
  type: 'textarea',
  required: true,
  max_length: 5000,
  options: [],
  ...options,
});

export const SEED_TEMPLATES: { key: string; category: string; names: L; descriptions: L; fields: StoredField[]; prompt: string; sort: number }[] = [
  {
    key: 'polish_zh',
    category: 'polish',
    names: l('中文润色', 'Polish Chinese', '中国語の校正', '중국어 교정'),
    descriptions: l('使中文学术文本更通顺、规范', 'Make Chinese academic text fluent and formal', '中国語の学術文を自然で正式に', '중국어 학술 글을 자연스럽고 격식 있게'),
    fields: [
      text('text', l('待润色文本', 'Text to polish', '校正する文章', '교정할 글')),
      text('focus', l('侧重点', 'Focus', '重点', '중점'), { type: 'select', required: false, max_length: 100, options: [
        { value: 'fluency', label: l('通顺', 'Fluency', '流暢さ', '유창성') },
        { value: 'formal', label: l('学术规范', 'Academic register', '学術的な文体', '학술적 문체') },
        { value: 'concise', label: l('简洁', 'Concision', '簡潔さ', '간결성') },
      ] }),
    ],
    prompt: '请以学术编辑的身份润色下面的中文文本，侧重：{{focus}}。保持原意，修正语病和用词，使表达符合学术写作规范。先给出润色后的全文，再用列表简要说明主要修改。\n\n文本：\n{{text}}',
    sort: 1,
  },
  {
    key: 'polish_en',
    category: 'polish',
    names: l('英文润色', 'Polish English', '英語の校正', '영어 교정'),
    descriptions: l('给出修改后的文本，并用表格列出每处修改及原因', 'The revised text plus a table of each change and its reason', '修正後の文と、各修正と理由の表', '수정된 글과 각 수정 및 이유의 표'),
    fields: [
      text('text', l('英文文本', 'English text', '英文', '영어 글')),
      text('field', l('研究领域', 'Research field', '研究分野', '연구 분야'), { type: 'text', required: false, max_length: 100 }),
    ],
    prompt: 'You are an academic English editor in {{field}}. Polish the text below for grammar, clarity and academic style without changing its meaning.\n\nAnswer in two parts:\n1. **Revised text**: the full polished text.\n2. **Changes**: a Markdown table with columns | Original | Revised | Reason |, one row per change.\n\nText:\n{{text}}',
    sort: 2,
  },
  {
    key: 'keywords',
    category: 'research',
    names: l('关键词推荐', 'Keyword recommendation', 'キーワード推薦', '키워드 추천'),
    descriptions: l('根据标题和摘要推荐关键词', 'Keywords for a title and abstract', 'タイトルと要旨からキーワードを推薦', '제목과 초록으로 키워드 추천'),
    fields: [
      text('title', l('论文标题', 'Paper title', '論文タイトル', '논문 제목'), { type: 'text', max_length: 300 }),
      text('abstract', l('摘要', 'Abstract', '要旨', '초록')),
    ],
    prompt: 'Recommend 5-8 keywords for the paper below, in the language of the abstract and in English, each with one line on why it fits and how common it is in indexing databases.\n\nTitle: {{title}}\n\nAbstract:\n{{abstract}}',
    sort: 3,
  },
  {
    key: 'journal',
    category: 'research',
    names: l('期刊投稿建议', 'Journal submission advice', '投稿先アドバイス', '저널 투고 조언'),
    descriptions: l('推荐合适的期刊或会议并说明理由', 'Suitable journals or conferences, with reasons', '適したジャーナルや学会と理由', '적합한 저널이나 학회와 이유'),
    fields: [
      text('abstract', l('标题与摘要', 'Title and abstract', 'タイトルと要旨', '제목과 초록')),
      text('preference', l('偏好（如开放获取、影响因子、审稿周期）', 'Preferences (open access, impact, review time)', '希望（オープンアクセス、インパクト、査読期間など）', '선호(오픈 액세스, 영향력, 심사 기간 등)'), { type: 'text', required: false, max_length: 300 }),
    ],
    prompt: 'Suggest 5 journals or conferences that fit the paper below. For each: scope fit, typical review time, open-access options and a realistic note on selectivity. Preferences: {{preference}}. Say clearly that details must be checked on the venue’s website.\n\n{{abstract}}',
    sort: 4,
  },
  {
    key: 'method',
    category: 'research',
    names: l('研究方法推荐', 'Research method recommendation', '研究方法の推薦', '연구 방법 추천'),
    descriptions: l('根据研究问题推荐研究设计与方法', 'Designs and methods for a research question', '研究課題に合う研究デザインと方法', '연구 질문에 맞는 설계와 방법'),
    fields: [
      text('question', l('研究问题', 'Research question', '研究課題', '연구 질문')),
      text('constraints', l('条件限制（样本、时间、数据）', 'Constraints (sample, time, data)', '制約（サンプル、期間、データ）', '제약(표본, 기간, 데이터)'), { required: false, max_length: 1000 }),
    ],
    prompt: 'Recommend research designs and methods for the question below, considering these constraints: {{constraints}}. For each option give the design, data collection, analysis (with formulas in LaTeX where useful), strengths and threats to validity. Finish with a recommendation.\n\nResearch question:\n{{question}}',
    sort: 5,
  },
  {
    key: 'translate',
    category: 'language',
    names: l('中英互译', 'Chinese-English translation', '中英翻訳', '중영 번역'),
    descriptions: l('学术文本中英互译', 'Academic translation between Chinese and English', '学術文の中英翻訳', '학술 글 중영 번역'),
    fields: [
      text('text', l('原文', 'Source text', '原文', '원문')),
      text('direction', l('翻译方向', 'Direction', '翻訳方向', '번역 방향'), { type: 'select', max_length: 20, options: [
        { value: 'zh-en', label: l('中译英', 'Chinese → English', '中国語 → 英語', '중국어 → 영어') },
        { value: 'en-zh', label: l('英译中', 'English → Chinese', '英語 → 中国語', '영어 → 중국어') },
      ] }),
    ],
    prompt: 'Translate the text below ({{direction}}) for an academic audience: accurate terminology, natural style, formulas and citations unchanged. Output only the translation.\n\n{{text}}',
    sort: 6,
  },
  {
    key: 'email',
    category: 'language',
    names: l('邮件回复', 'Email reply', 'メール返信', '이메일 답장'),
    descriptions: l('撰写得体的学术邮件回复', 'A polite academic email reply', '丁寧な学術メールの返信', '정중한 학술 이메일 답장'),
    fields: [
      text('email', l('收到的邮件', 'The email received', '受信したメール', '받은 이메일')),
      text('points', l('回复要点', 'Points to make', '返信の要点', '답장 요점'), { max_length: 2000 }),
      text('tone', l('语气', 'Tone', 'トーン', '어조'), { type: 'select', required: false, max_length: 20, options: [
        { value: 'formal', label: l('正式', 'Formal', 'フォーマル', '격식') },
        { value: 'friendly', label: l('友好', 'Friendly', 'フレンドリー', '친근') },
      ] }),
    ],
    prompt: 'Write a reply to the email below in its language, tone: {{tone}}. Cover these points: {{points}}. Include a subject line.\n\nEmail:\n{{email}}',
    sort: 7,
  },
];
