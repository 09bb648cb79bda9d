import { z } from 'zod';
import { safeString } from './common.js';
import { MINDMAP_LINK_MAX, MINDMAP_NOTE_MAX, MINDMAP_TOPIC_MAX } from './mindmap-constants.js';

export * from './mindmap-constants.js';

/**
 * A mind map's tree as every endpoint, format converter and the editor read
 * it: `{topic, note?, link?, children}`. Limits (nodes, depth) are checked
 * by the server on every save and import, not by this recursive schema, so
 * a deep tree gets the message that names the limit.
 */
export interface MindmapNode {
  topic: string;
  note?: string;
  link?: string;
  children: MindmapNode[];
}

export const mindmapNodeSchema: z.ZodType<MindmapNode> = z.lazy(() =>
  z.object({
    topic: safeString().max(MINDMAP_TOPIC_MAX, 'mindmap_topic_too_long'),
    note: safeString().max(MINDMAP_NOTE_MAX, 'mindmap_note_too_long').optional(),
    link: safeString().max(MINDMAP_LINK_MAX, 'mindmap_link_invalid').optional(),
    children: z.array(mindmapNodeSchema),
  }),
);
