/**
 * Message texts of mind maps, merged into MESSAGES by one spread.
 */
export const MINDMAP_MESSAGES = {
  mindmap_topic_too_long: { zh: '节点文字不能超过500个字符', en: 'A node may hold at most 500 characters', ja: 'ノードの文字は500文字以内です', ko: '노드 글자는 500자를 넘을 수 없습니다' },
  mindmap_note_too_long: { zh: '节点备注不能超过5000个字符', en: 'A node note may hold at most 5,000 characters', ja: 'ノードのメモは5000文字以内です', ko: '노드 메모는 5,000자를 넘을 수 없습니다' },
  mindmap_link_invalid: { zh: '节点链接无效', en: 'The node link is not valid', ja: 'ノードのリンクが無効です', ko: '노드 링크가 올바르지 않습니다' },
  mindmap_too_many_nodes: { zh: '导图节点过多（最多{max}个）', en: 'The map has too many nodes (at most {max})', ja: 'ノードが多すぎます（最大{max}個）', ko: '노드가 너무 많습니다(최대 {max}개)' },
  mindmap_too_deep: { zh: '导图层级过深（最多{max}层）', en: 'The map is nested too deeply (at most {max} levels)', ja: '階層が深すぎます（最大{max}階層）', ko: '단계가 너무 깊습니다(최대 {max}단계)' },
} as const;
