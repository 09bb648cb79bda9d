import { hasCjk, latinTerm } from '../../platform/search/tokenize.js';

/**
 * The abstract window shown under a search result: the ~240-character stretch
 * with the most distinct query terms, matched words wrapped in <mark>. The
 * output is HTML that the web renders, so every character of the abstract is
 * escaped and the only tags are the <mark> pairs added here.
 */
const WINDOW = 240;
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

interface Match {
  start: number;
  end: number;
  term: string;
}

function findMatches(text: string, terms: Set<string>): Match[] {
  const matches: Match[] = [];
  if (terms.size === 0) return matches;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (hasCjk(word)) continue;
    const token = latinTerm(word);
    if (token && terms.has(token)) matches.push({ start: m.index ?? 0, end: (m.index ?? 0) + word.length, term: token });
  }
  // CJK words have no spaces around them: find each CJK query term as a substring.
  for (const term of terms) {
    if (!hasCjk(term)) continue;
    let from = 0;
    for (;;) {
      const at = text.indexOf(term, from);
      if (at < 0) break;
      matches.push({ start: at, end: at + term.length, term });
      from = at + term.length;
    }
  }
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlaps (a CJK word and its bigram) keep the first, longest match.
  const merged: Match[] = [];
  for (const m of matches) {
    const last = merged[merged.length - 1];
    if (last && m.start < last.end) continue;
    merged.push(m);
  }
  return merged;
}

/** Best window start: the one covering the most distinct terms, earliest on ties. */
function bestWindow(matches: Match[]): number {
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < matches.length; i += 1) {
    const start = matches[i]!.start;
    const seen = new Set<string>();
    let hits = 0;
    for (let j = i; j < matches.length && matches[j]!.end <= start + WINDOW; j += 1) {
      seen.add(matches[j]!.term);
      hits += 1;
    }
    const score = seen.size * 100 + hits;
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
  }
  return best;
}

export function snippet(abstract: string, queryTerms: readonly string[]): string {
  const text = abstract.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  const matches = findMatches(text, new Set(queryTerms));
  let start = 0;
  if (matches.length > 0) {
    const first = bestWindow(matches);
    // Start a little before the first match, at a word boundary, for context.
    start = Math.max(0, first - 40);
    if (start > 0) {
      const space = text.indexOf(' ', start);
      start = space >= 0 && space < first ? space + 1 : start;
    }
  }
  let end = Math.min(text.length, start + WINDOW);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + WINDOW / 2) end = space;
  }
  let html = start > 0 ? '…' : '';
  let pos = start;
  for (const m of matches) {
    if (m.start < start || m.end > end) continue;
    html += `${escapeHtml(text.slice(pos, m.start))}<mark>${escapeHtml(text.slice(m.start, m.end))}</mark>`;
    pos = m.end;
  }
  html += escapeHtml(text.slice(pos, end));
  if (end < text.length) html += '…';
  return html;
}
