import { tokenize } from '../../platform/search/tokenize.js';
import type { ParsedPage } from './parse/types.js';

/**
 * Passages for retrieval: about a paragraph each, never crossing a page, with
 * the page and the character offsets in the page text (what the viewer
 * highlights) and the paragraph's box when the format has one.
 */
export interface Chunk {
  page: number;
  start: number;
  end: number;
  text: string;
  terms: string[];
  bbox: [number, number, number, number] | null;
}

const TARGET = 700;
const MAX = 1200;
const MIN = 200;

/** Splits a long span at sentence ends near MAX characters. */
function splitSpan(text: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  let from = start;
  while (end - from > MAX) {
    const window = text.slice(from, from + MAX);
    let cut = -1;
    for (const match of window.matchAll(/[.!?。！？;；](?:\s|$)|[。！？]/g)) {
      const at = (match.index ?? 0) + match[0].length;
      if (at >= TARGET / 2) cut = at;
    }
    if (cut < 0) cut = window.lastIndexOf(' ') > TARGET / 2 ? window.lastIndexOf(' ') + 1 : MAX;
    out.push([from, from + cut]);
    from += cut;
  }
  if (end > from) out.push([from, end]);
  return out;
}

export function chunkPages(pages: ParsedPage[]): Chunk[] {
  const chunks: Chunk[] = [];
  pages.forEach((page, index) => {
    const blocks = page.blocks.length > 0 ? page.blocks : page.text ? [{ start: 0, end: page.text.length }] : [];
    let group: typeof blocks = [];
    const flush = () => {
      if (group.length === 0) return;
      const start = group[0]!.start;
      const end = group[group.length - 1]!.end;
      const boxes = group.map((b) => ('bbox' in b ? b.bbox : undefined)).filter((b): b is [number, number, number, number] => Array.isArray(b));
      for (const [s, e] of splitSpan(page.text, start, end)) {
        const text = page.text.slice(s, e).trim();
        if (!text) continue;
        const bbox: Chunk['bbox'] =
          boxes.length > 0 ? [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))] : null;
        chunks.push({ page: index + 1, start: s, end: e, text, terms: tokenize(text), bbox });
      }
      group = [];
    };
    for (const block of blocks) {
      const length = group.length > 0 ? block.end - group[0]!.start : block.end - block.start;
      // Short paragraphs (headings, list items) join their neighbours up to about TARGET characters.
      if (group.length > 0 && length > TARGET && group[group.length - 1]!.end - group[0]!.start >= MIN) flush();
      group.push(block);
    }
    flush();
  });
  return chunks;
}
