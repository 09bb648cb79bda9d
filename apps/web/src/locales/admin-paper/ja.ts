import type { adminPaperZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminPaperJa: Widen<typeof adminPaperZh> = {
  tab: '論文検索',
  source_title: '検索ソース',
  source_intro: '学術検索は既定でローカルコーパスを検索し、OpenAlex に接続できればその結果も重複を除いて統合します。1 つの検索元だけを使うこともできます。ローカルコーパスはオフラインで使え、OpenAlex はキー不要、Semantic Scholar は任意の API キーで上限が上がります。',
  source_merged: 'ローカルコーパス + OpenAlex（既定：まずローカル、OpenAlex に接続できれば重複を除いて統合）',
  source_local: 'ローカルコーパス（{{count}} 件）',
  source_openalex: 'OpenAlex',
  source_semanticscholar: 'Semantic Scholar',
  s2_key: 'Semantic Scholar API キー',
  s2_key_set: '設定済み（空欄のままなら変更しません）',
  s2_key_unset: '未設定（任意）',
  clear_key: 'キーを削除',
  save: '保存',
  import_title: 'コーパスの取り込み',
  import_intro: 'ACL 系 JSON、unarXive JSONL、Semantic Scholar コーパス JSONL、BEIR corpus.jsonl（内容で判別）、各ファイル {{size}} MB まで。再取り込みするとファイル内の ID で論文を更新します。',
  choose_files: 'ファイルを選択',
  import: '取り込む',
  importing: '取り込み中…',
  import_result: '追加 {{inserted}} 件、更新 {{updated}} 件、参考文献 {{references}} 件（新たにリンク {{resolved}} 件）、{{seconds}} 秒',
  file_row: '{{name}}：{{format}}、{{papers}} 件',
};
