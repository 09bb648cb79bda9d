/**
 * Message texts of mind maps, merged into MESSAGES by one spread.
 */
export const MINDMAP_MESSAGES = {
  mindmap_topic_too_long: { zh: '节点文字不能超过500个字符', en: 'A node may hold at most 500 characters', ja: 'ノードの文字は500文字以内です', ko: '노드 글자는 500자를 넘을 수 없습니다' },
  mindmap_note_too_long: { zh: '节点备注不能超过5000个字符', en: 'A node note may hold at most 5,000 characters', ja: 'ノードのメモは5000文字以内です', ko: '노드 메모는 5,000자를 넘을 수 없습니다' },
  mindmap_link_invalid: { zh: '节点链接无效', en: 'The node link is not valid', ja: 'ノードのリンクが無効です', ko: '노드 링크가 올바르지 않습니다' },
  mindmap_too_many_nodes: { zh: '导图节点过多（最多{max}个）', en: 'The map has too many nodes (at most {max})', ja: 'ノードが多すぎます（最大{max}個）', ko: '노드가 너무 많습니다(최대 {max}개)' },
  mindmap_too_deep: { zh: '导图层级过深（最多{max}层）', en: 'The map is nested too deeply (at most {max} levels)', ja: '階層が深すぎます（最大{max}階層）', ko: '단계가 너무 깊습니다(최대 {max}단계)' },
  mindmap_source_too_long: { zh: '大纲内容过长（最多{max}个字符）', en: 'The outline is too long (at most {max} characters)', ja: 'アウトラインが長すぎます（最大{max}文字）', ko: '개요가 너무 깁니다(최대 {max}자)' },
  mindmap_file_invalid: { zh: '这不是有效的{format}文件', en: 'This is not a valid {format} file', ja: '有効な{format}ファイルではありません', ko: '올바른 {format} 파일이 아닙니다' },
  mindmap_file_too_large: { zh: '导图文件过大（最多{max}MB）', en: 'The map file is too large (at most {max} MB)', ja: 'マップファイルが大きすぎます（最大{max}MB）', ko: '맵 파일이 너무 큽니다(최대 {max}MB)' },
  mindmap_archive_too_large: { zh: 'XMind 文件解压后内容过大（最多{max}MB）或包含的文件过多', en: 'The XMind file unpacks to too much data (at most {max} MB) or holds too many files', ja: 'XMind ファイルの展開後のサイズが大きすぎる（最大{max}MB）か、含まれるファイルが多すぎます', ko: 'XMind 파일의 압축을 푼 내용이 너무 크거나(최대 {max}MB) 파일이 너무 많습니다' },
  mindmap_no_outline: { zh: '没有找到可以生成导图的大纲', en: 'No outline was found to make a map from', ja: 'マップにできるアウトラインが見つかりません', ko: '맵으로 만들 개요를 찾지 못했습니다' },
} as const;
