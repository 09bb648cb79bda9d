/**
 * Mind map limits apart from the zod schemas, so the page imports them
 * without pulling zod into its first screen.
 */
/** Nodes in one map (a 1,000-node map is the benchmark's; five times that still edits smoothly). */
export const MINDMAP_MAX_NODES = 5000;
/** Levels below the root; deeper outlines are refused with the limit named. */
export const MINDMAP_MAX_DEPTH = 20;
export const MINDMAP_TOPIC_MAX = 500;
export const MINDMAP_NOTE_MAX = 5000;
export const MINDMAP_LINK_MAX = 2000;
/** A pasted outline or topic source, in characters. */
export const MINDMAP_SOURCE_MAX = 100_000;
export const MINDMAP_TITLE_MAX = 200;
/** Import files (md, opml, mm, xmind), and what an .xmind zip may inflate to in all. */
export const MINDMAP_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MINDMAP_XMIND_INFLATED_MAX_BYTES = 20 * 1024 * 1024;
export const MINDMAP_EXPORT_FORMATS = ['png', 'svg', 'pdf', 'md', 'opml', 'mm', 'xmind'] as const;
export const MINDMAP_IMPORT_FORMATS = ['md', 'opml', 'mm', 'xmind'] as const;
export const MINDMAP_SOURCES = ['markdown', 'topic', 'document', 'paper', 'answer'] as const;
