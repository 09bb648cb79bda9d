import { MINDMAP_IMPORT_MAX_BYTES, MINDMAP_SOURCE_MAX, type MindmapNode } from '@xueba/contract';
import { badRequest } from '../../../platform/errors.js';
import { readFreeMind, writeFreeMind } from './freemind.js';
import { invalidFile, type MapFormat } from './limits.js';
import { readOutline } from './markdown-read.js';
import { writeMarkdown } from './markdown-write.js';
import { readOpml, writeOpml } from './opml.js';
import { readXmind, writeXmind } from './xmind.js';

export { MAP_FORMATS, FORMAT_NAMES, checkTree, countNodes, safeLink, type MapFormat } from './limits.js';
export { XMIND_MAX_ENTRIES } from './zip.js';

/**
 * A pasted Markdown or indented outline as a tree. Refuses a paste over
 * MINDMAP_SOURCE_MAX characters, an outline over the node or depth limit and
 * a text with no outline, each with the message naming it. `title` is the
 * root's topic when the outline has several top-level items.
 */
export function parseOutlineSource(text: string, title?: string): MindmapNode {
  if (text.length > MINDMAP_SOURCE_MAX) throw badRequest('mindmap_source_too_long', { max: MINDMAP_SOURCE_MAX });
  const { tree } = readOutline(text, { mode: 'strict', title });
  if (!tree) throw badRequest('mindmap_no_outline');
  return tree;
}

export interface ModelOutline {
  /** What parsed so far; null while (or when) the answer holds no heading or list item. */
  tree: MindmapNode | null;
  /** Something of the answer besides its introduction is not in the tree: say "kept what parsed". */
  dropped: boolean;
  /** Nodes left out over the node or depth limit. */
  droppedNodes: number;
  /** Topics or notes cut at their length limit. */
  truncated: number;
  /** Prose lines between or after the outline items that are not notes. */
  ignoredLines: number;
  /** Lines before the first outline item (the model's introduction). */
  preambleLines: number;
}

/**
 * A model's Markdown answer, whole or as streamed so far, as a tree: never
 * throws; what does not fit the limits is left out and counted. Call it
 * again with the longer text as chunks arrive (it is linear in the text).
 */
export function parseModelOutline(text: string, title?: string): ModelOutline {
  const result = readOutline(text.slice(0, MINDMAP_SOURCE_MAX * 2), { mode: 'lenient', title });
  const cut = text.length > MINDMAP_SOURCE_MAX * 2 ? 1 : 0;
  return {
    tree: result.tree,
    dropped: result.droppedNodes + result.truncated + result.ignoredLines + cut > 0,
    droppedNodes: result.droppedNodes,
    truncated: result.truncated + cut,
    ignoredLines: result.ignoredLines,
    preambleLines: result.preambleLines,
  };
}

/** The format a file name says, or null. */
export function formatOfFileName(name: string): MapFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown' || ext === 'txt') return 'md';
  if (ext === 'opml' || ext === 'xml') return 'opml';
  if (ext === 'mm') return 'mm';
  if (ext === 'xmind') return 'xmind';
  return null;
}

/** Text files as their byte-order mark says, else UTF-8, else GB18030 (Chinese Windows editors' default). */
function decodeText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/**
 * An imported file as a tree, checked against every limit (nodes, depth,
 * texts). Malformed files are refused with "not a valid <format> file";
 * links that are not web or mail addresses are left out.
 */
export function importMap(format: MapFormat, data: Uint8Array, title?: string): MindmapNode {
  if (data.length > MINDMAP_IMPORT_MAX_BYTES) throw badRequest('mindmap_file_too_large', { max: MINDMAP_IMPORT_MAX_BYTES / 1024 / 1024 });
  if (format === 'xmind') return readXmind(data);
  const text = decodeText(data);
  if (format === 'opml') return readOpml(text);
  if (format === 'mm') return readFreeMind(text);
  const { tree } = readOutline(text, { mode: 'strict', title });
  if (!tree) throw invalidFile('md');
  return tree;
}

export interface ExportedFile {
  body: Buffer;
  contentType: string;
  extension: string;
}

const CONTENT_TYPES: Record<MapFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  opml: 'text/x-opml; charset=utf-8',
  mm: 'application/x-freemind; charset=utf-8',
  xmind: 'application/vnd.xmind.workbook',
};

/** A tree as a file of the format; `title` names the document inside OPML and XMind (defaults to the root's topic). */
export function exportMap(tree: MindmapNode, format: MapFormat, title?: string): ExportedFile {
  let body: Buffer;
  if (format === 'md') body = Buffer.from(writeMarkdown(tree));
  else if (format === 'opml') body = Buffer.from(writeOpml(tree, title));
  else if (format === 'mm') body = Buffer.from(writeFreeMind(tree));
  else body = Buffer.from(writeXmind(tree, title));
  return { body, contentType: CONTENT_TYPES[format], extension: format };
}
