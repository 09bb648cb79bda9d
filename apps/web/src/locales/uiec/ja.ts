import type { Widen } from '../draw/widen';
import type { uiecZh } from './zh';

export const uiecJa: Widen<typeof uiecZh> = {
  uiec: {
    title: 'AI の利用と研究公正',
    intro: '論文執筆での AI の使い方の説明を求める学術誌や大学が増えています。責任ある利用の要点と、そのまま論文に載せられる AI 利用に関する声明をまとめました。',
    principles_title: '4つの原則',
    principles: {
      author: { title: '著者が責任を持つ', text: 'AI は著者になれません。考え・データ・結論の責任はあなたにあり、AI の出力は下書きにすぎません。' },
      verify: { title: 'すべて確認する', text: 'AI は文献・データ・引用を捏造することがあります。参考文献はすべて原典を確認してください。' },
      disclose: { title: '正直に開示する', text: '投稿先や大学の規定に従い、AI に何をさせたかを記載します。スペルチェックだけなら通常は不要です。' },
      confidential: { title: '機密を守る', text: '査読中の原稿、未公開データ、研究参加者の情報を AI に渡さないでください。' },
    },
    generator_title: 'AI 利用声明ジェネレーター',
    generator_intro: 'AI が関わった作業を選び、声明の言語を選んで、謝辞または方法の節にコピーしてください（投稿先の規定が優先です）。',
    tool: '使用した AI ツール',
    tasks: 'AI が関わった作業',
    task: {
      polishing: '言語の校正',
      translation: '翻訳',
      literature: '文献の検索と整理',
      summarising: '要約',
      drafting: '本文の一部の下書き',
      code: 'コードの作成やデバッグ',
      analysis: 'データ分析の助言',
      figures: '図表の作成',
    },
    language: '声明の言語',
    statement: '声明',
    pick_task: 'AI が関わった作業を1つ以上選んでください',
    copy: '声明をコピー',
    copied: 'コピーしました',
    copy_failed: 'コピーできませんでした。テキストを選択して手動でコピーしてください',
    related: '関連ツール',
    related_skills: '査読者・英文校正などのスキル',
    related_search: '学術検索：文献を確認',
  },
};
