/**
 * The AI use statement of `/uiec`, in the paper's language (not the page's):
 * the wording follows the disclosure that publishers such as Elsevier and
 * Springer Nature ask for — the tool, what it was used for, and that the
 * authors reviewed the result and take responsibility for it.
 */
export const STATEMENT_LANGUAGES = ['en', 'zh', 'ja', 'ko'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

export const AI_TASKS = ['polishing', 'translation', 'literature', 'summarising', 'drafting', 'code', 'analysis', 'figures'] as const;
export type AiTask = (typeof AI_TASKS)[number];

const TASKS: Record<StatementLanguage, Record<AiTask, string>> = {
  en: {
    polishing: 'language polishing',
    translation: 'translation',
    literature: 'searching and organising the literature',
    summarising: 'summarising sources',
    drafting: 'drafting parts of the text',
    code: 'writing and debugging code',
    analysis: 'suggestions on the data analysis',
    figures: 'preparing figures',
  },
  zh: {
    polishing: '语言润色',
    translation: '翻译',
    literature: '文献检索与梳理',
    summarising: '资料总结',
    drafting: '部分文字的起草',
    code: '代码编写与调试',
    analysis: '数据分析方法建议',
    figures: '图表制作',
  },
  ja: {
    polishing: '言語の校正',
    translation: '翻訳',
    literature: '文献の検索と整理',
    summarising: '資料の要約',
    drafting: '本文の一部の下書き',
    code: 'コードの作成とデバッグ',
    analysis: 'データ分析に関する助言',
    figures: '図表の作成',
  },
  ko: {
    polishing: '문장 교정',
    translation: '번역',
    literature: '문헌 검색과 정리',
    summarising: '자료 요약',
    drafting: '본문 일부의 초안 작성',
    code: '코드 작성과 디버깅',
    analysis: '데이터 분석 방법 조언',
    figures: '그림과 표 작성',
  },
};

function joinList(items: string[], language: StatementLanguage): string {
  if (language === 'en') {
    if (items.length <= 2) return items.join(' and ');
    return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  }
  return items.join(language === 'ko' ? ', ' : '、');
}

/** The statement for the ticked tasks (in the order of AI_TASKS), or null when none is ticked. */
export function aiUseStatement(tool: string, tasks: readonly AiTask[], language: StatementLanguage): string | null {
  const picked = AI_TASKS.filter((task) => tasks.includes(task)).map((task) => TASKS[language][task]);
  if (picked.length === 0) return null;
  const name = tool.replace(/\s+/g, ' ').trim() || 'Xueba';
  const list = joinList(picked, language);
  switch (language) {
    case 'en':
      return `During the preparation of this work the author(s) used ${name} for ${list}. After using this tool, the author(s) reviewed and edited the content as needed and take(s) full responsibility for the content of the publication.`;
    case 'zh':
      return `在本文的准备过程中，作者使用了${name}进行${list}。使用该工具后，作者对相关内容进行了审阅和必要的修改，并对本文内容承担全部责任。`;
    case 'ja':
      return `本稿の作成にあたり、著者は${name}を${list}に使用した。使用後、著者は内容を確認して必要に応じて修正しており、本稿の内容について全責任を負う。`;
    case 'ko':
      return `이 논문을 준비하는 과정에서 저자는 ${name}을(를) ${list}에 사용하였다. 사용 후 저자는 내용을 검토하고 필요한 부분을 수정하였으며, 논문의 내용에 대한 모든 책임을 진다.`;
  }
}
