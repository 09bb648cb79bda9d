import type { SiteSettings } from '@xueba/contract';
import { DEFAULT_POLICIES } from './policies.defaults.js';

/** What a fresh installation shows until an administrator edits it. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  website: {
    name: '学霸 Xueba',
    logo: '',
    favicon: '',
    description: '面向科研人员与学生的学术 AI 助手：对话、写作模板、文献阅读、论文检索',
    keywords: '学术AI,论文润色,文献阅读,论文检索,academic AI',
    icp: '',
  },
  domain: '',
  login: {
    email_password: true,
    email_code: true,
    mobile_password: true,
    mobile_code: true,
    register_email: true,
    register_mobile: true,
    agreement: true,
  },
  bulletin: {
    is_open: false,
    title: { zh: '系统公告', en: 'Notice', ja: 'お知らせ', ko: '공지' },
    content: { zh: '', en: '', ja: '', ko: '' },
  },
  copyright: [{ name: '© 2026 Xueba', link: '' }],
  card_code: { is_open: true, buy_link: '' },
  qrcode: { is_open: false, official_account: '', customer_service: '' },
  member_package_status: true,
  recharge_package_status: true,
  openvip_layout: 'cards',
  pay_sandbox_admins: false,
  draw: { is_open: true },
  draw_square_config: { is_open: true },
  mindmap_config: { is_open: true, free_per_day: 5, price: 0 },
  voice_broadcast: false,
  // About 1.5 hours of the parse thread on two cores (decision 0029).
  doc_ocr: { pages_per_day: 1000, pages_per_user_per_day: 300 },
  chat_limit: 3,
  draw_limit: 1,
  qrcode_limit: 3,
  foreign_url: '',
  is_fc: false,
  problem_examples: {
    zh: [
      { title: '润色摘要', content: '请帮我润色这段英文摘要，使其更符合学术写作规范，并说明每处修改的原因。' },
      { title: '研究方法', content: '我想研究社交媒体使用对大学生睡眠质量的影响，适合采用哪些研究方法？' },
      { title: '投稿建议', content: '一篇关于低资源机器翻译的论文，适合投稿到哪些期刊或会议？' },
      { title: '解释概念', content: '请用通俗的语言解释什么是注意力机制，并给出公式。' },
    ],
    en: [
      { title: 'Polish an abstract', content: 'Please polish this abstract for academic style and explain each change.' },
      { title: 'Research methods', content: 'Which research methods suit a study of social media use and students’ sleep quality?' },
      { title: 'Where to submit', content: 'Which journals or conferences fit a paper on low-resource machine translation?' },
      { title: 'Explain a concept', content: 'Explain the attention mechanism in plain words, with its formula.' },
    ],
    ja: [
      { title: '要旨の校正', content: 'この英文要旨を学術的な文体に校正し、各修正の理由を説明してください。' },
      { title: '研究方法', content: 'SNS の利用と大学生の睡眠の質の関係を調べるには、どの研究方法が適していますか？' },
      { title: '投稿先の相談', content: '低リソース機械翻訳の論文に適したジャーナルや学会はどこですか？' },
      { title: '概念の説明', content: 'アテンション機構を数式とともにわかりやすく説明してください。' },
    ],
    ko: [
      { title: '초록 다듬기', content: '이 영문 초록을 학술적 문체로 다듬고 각 수정의 이유를 설명해 주세요.' },
      { title: '연구 방법', content: '소셜 미디어 사용과 대학생 수면의 질 연구에 적합한 연구 방법은 무엇인가요?' },
      { title: '투고 조언', content: '저자원 기계 번역 논문에 적합한 저널이나 학회는 어디인가요?' },
      { title: '개념 설명', content: '어텐션 메커니즘을 수식과 함께 쉽게 설명해 주세요.' },
    ],
  },
  intro: {
    zh: '学霸是面向科研人员和学生的学术 AI 工作台：学术对话、写作模板（润色、翻译、投稿建议）、带页码引用的文献阅读、论文检索与引用导出，一处完成。',
    en: 'Xueba is an academic AI workbench for researchers and students: academic chat, writing templates (polishing, translation, submission advice), reading your papers with answers that cite the page, and paper search with citation export, in one place.',
    ja: '学霸は研究者と学生のための学術 AI ワークベンチです。学術チャット、執筆テンプレート（校正・翻訳・投稿アドバイス）、ページを引用して答える文献読解、論文検索と引用の書き出しを一か所で。',
    ko: '학패(Xueba)는 연구자와 학생을 위한 학술 AI 작업 공간입니다. 학술 대화, 글쓰기 템플릿(교정, 번역, 투고 조언), 페이지를 인용하는 문헌 읽기, 논문 검색과 인용 내보내기를 한곳에서.',
  },
  signup_gift: { conversation_count: 10, word_count: 10_000, drawing_count: 3 },
  policies: DEFAULT_POLICIES,
};
