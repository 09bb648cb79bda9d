import type { adminPaperZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminPaperEn: Widen<typeof adminPaperZh> = {
  tab: 'Paper search',
  source_title: 'Search source',
  source_intro: 'By default academic search asks the local corpus and, when reachable, OpenAlex, merging the results without duplicates; or choose one source. The local corpus works offline; OpenAlex needs no key; Semantic Scholar takes an optional API key for higher limits.',
  source_merged: 'Local corpus + OpenAlex (default: local first, merged with OpenAlex when reachable, duplicates removed)',
  source_local: 'Local corpus ({{count}} papers)',
  source_openalex: 'OpenAlex',
  source_semanticscholar: 'Semantic Scholar',
  s2_key: 'Semantic Scholar API key',
  s2_key_set: 'Set (leave empty to keep it)',
  s2_key_unset: 'Not set (optional)',
  clear_key: 'Clear the key',
  save: 'Save',
  import_title: 'Import a corpus',
  import_intro: 'ACL-family JSON, unarXive JSONL, Semantic Scholar corpus JSONL and BEIR corpus.jsonl (recognised by content), each at most {{size}} MB. Importing again updates papers by their id in the file.',
  choose_files: 'Choose files',
  import: 'Import',
  importing: 'Importing…',
  import_result: '{{inserted}} added, {{updated}} updated, {{references}} references ({{resolved}} newly linked) in {{seconds}} s',
  file_row: '{{name}}: {{format}}, {{papers}} papers',
};
