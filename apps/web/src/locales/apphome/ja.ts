import type { Widen } from '../draw/widen';
import type { apphomeZh } from './zh';

export const apphomeJa: Widen<typeof apphomeZh> = {
  apphome: {
    nav: 'アプリ',
    title: 'アプリ',
    intro: '学霸の創作・研究ツールと、それぞれの消費。',
    section_create: '画像',
    section_tools: '研究と執筆',
    cost_loading: '価格を読み込み中…',
    cost_unknown: '価格を取得できません',
    free: '閲覧は無料',
    draw_cost: '1枚 描画回数 {{count}} 回から',
    doc_cost: '研究レポートまたは文献の会員が必要',
    search_cost: '検索は無料',
    members_note: '会員のチャットは回数を消費しません。回数と残高はマイページで確認できます。',
    qrcode_cost: 'スタイルコードは毎日無料',
    mindmap_cost: 'アウトラインとインポートは無料 · AI生成は1日{{count}}回まで無料',
    writing_cost: '生成文字数で課金、論文会員はパッケージの内容に従います',
    check_cost: '1,000文字ごとの料金 · 会員プランに含まれる場合あり',
    cards: {
      drawing: { name: 'AI 描画', desc: '3 系統のモデル、テキスト・画像から生成' },
      square: { name: '画像広場', desc: 'みんなの作品を見て、同じ設定で描ける' },
      qrcode: { name: 'アート QR コード', desc: 'QR コードを絵に' },
      mind_map: { name: 'マインドマップ', desc: 'テキストからマインドマップ' },
      chat: { name: '学術チャット', desc: '学術の質問と出典' },
      create: { name: '執筆テンプレート', desc: '校正、翻訳、投稿アドバイス' },
      doc: { name: 'レポート・文献', desc: '文書をアップロードして読みながら質問' },
      search: { name: '論文検索', desc: '論文を探し、AI 解説を読む' },
      writing: { name: '論文執筆', desc: '論文執筆と剽窃チェック' },
      plagiarism: { name: '剽窃チェック', desc: '論文コーパス・マイ文書・過去のチェックと比較し、CNKI 形式のレポートを作成' },
    },
  },
};
