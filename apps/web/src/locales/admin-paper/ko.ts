import type { adminPaperZh } from './zh';
import type { Widen } from '../draw/widen';

export const adminPaperKo: Widen<typeof adminPaperZh> = {
  tab: '논문 검색',
  source_title: '검색 소스',
  source_intro: '학술 검색은 기본적으로 로컬 코퍼스를 검색하고, OpenAlex에 연결되면 그 결과도 중복 없이 병합합니다. 한 출처만 쓸 수도 있습니다. 로컬 코퍼스는 오프라인에서 동작하고, OpenAlex는 키가 필요 없으며, Semantic Scholar는 선택적 API 키로 한도가 늘어납니다.',
  source_merged: '로컬 코퍼스 + OpenAlex (기본: 로컬 먼저, OpenAlex에 연결되면 중복 없이 병합)',
  source_local: '로컬 코퍼스 ({{count}}편)',
  source_openalex: 'OpenAlex',
  source_semanticscholar: 'Semantic Scholar',
  s2_key: 'Semantic Scholar API 키',
  s2_key_set: '설정됨 (비워 두면 유지)',
  s2_key_unset: '설정 안 됨 (선택)',
  clear_key: '키 삭제',
  save: '저장',
  import_title: '코퍼스 가져오기',
  import_intro: 'ACL 계열 JSON, unarXive JSONL, Semantic Scholar 코퍼스 JSONL, BEIR corpus.jsonl (내용으로 판별), 파일당 최대 {{size}}MB. 다시 가져오면 파일의 ID로 논문을 갱신합니다.',
  choose_files: '파일 선택',
  import: '가져오기',
  importing: '가져오는 중…',
  import_result: '{{inserted}}편 추가, {{updated}}편 갱신, 참고문헌 {{references}}건 (새로 연결 {{resolved}}건), {{seconds}}초',
  file_row: '{{name}}: {{format}}, {{papers}}편',
};
