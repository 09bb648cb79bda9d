import type { PlagiarismPassage, PlagiarismRange, PlagiarismReport, PlagiarismSource, PlagiarismSourceKind } from '@xueba/contract';
import { CharCounter, clip, quotations, referenceList, sectionsOf, subtract, union, type Range } from './text-structure.js';

/** A source a match was found in. */
export interface MatchedSource {
  kind: PlagiarismSourceKind;
  title: string;
  link: string | null;
  text: string;
}

/** One aligned passage: `[start, end)` of the checked text copies `[sourceStart, sourceEnd)` of `sources[source].text`. */
export interface Match {
  source: number;
  start: number;
  end: number;
  sourceStart: number;
  sourceEnd: number;
}

/** Characters of the source's text shown on each side of its copied span. */
const SOURCE_CONTEXT = 160;
/** A passage counts as quoted (or in the reference list) when at least this share of it is. */
const INSIDE_SHARE = 0.5;

interface Token {
  start: number;
  end: number;
  key: string;
}

/** Words for the red marks: each CJK character alone, other letters and digits by runs; compared case- and width-folded. */
function tokens(text: string, offset: number, end: number): Token[] {
  const out: Token[] = [];
  const re = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{M}\p{N}]+/gu;
  re.lastIndex = offset;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    const stop = Math.min(end, m.index + m[0].length);
    out.push({ start: m.index, end: stop, key: text.slice(m.index, stop).normalize('NFKC').toLowerCase() });
  }
  return out;
}

/** Ranges of `side` made of words that also occur on the other side; neighbours joined across spaces and punctuation only. */
function marksOf(side: Token[], other: Set<string>, text: string): PlagiarismRange[] {
  const out: PlagiarismRange[] = [];
  for (const t of side) {
    if (!other.has(t.key)) continue;
    const last = out[out.length - 1];
    if (last && /^[\s\p{P}\p{S}]*$/u.test(text.slice(last[1], t.start))) last[1] = t.end;
    else out.push([t.start, t.end]);
  }
  return out;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

function insideShare(counter: CharCounter, span: Range, within: Range[]): number {
  const all = counter.count([span]);
  return all > 0 ? counter.count(clip(within, span[0], span[1])) / all : 0;
}

/**
 * The report of one check from its matches: CNKI's ratios over non-space
 * characters (total; quotations counted as not copied; the reference list
 * left out of both sides; the largest single source), per-section ratios,
 * and each passage with its source excerpt and the words found on both
 * sides. Sources without a passage are dropped; the rest are ordered by how
 * much was copied from them.
 */
export function buildReport(text: string, found: Match[], matched: MatchedSource[], meta: { candidates: number; corpusSize: number }): PlagiarismReport {
  const counter = new CharCounter(text);
  const total = counter.total;
  const quotes = quotations(text);
  const refs = referenceList(text);
  const refRanges: Range[] = refs.range ? [refs.range] : [];
  const copied = union(found.map((m): Range => [m.start, m.end]));
  const copiedChars = counter.count(copied);

  const perSource = new Map<number, Range[]>();
  for (const m of found) (perSource.get(m.source) ?? perSource.set(m.source, []).get(m.source)!).push([m.start, m.end]);
  const order = [...perSource.entries()].map(([index, ranges]) => ({ index, chars: counter.count(union(ranges)) })).sort((a, b) => b.chars - a.chars || a.index - b.index);
  const newIndex = new Map(order.map((o, i) => [o.index, i]));
  const sources: PlagiarismSource[] = order.map((o) => ({ kind: matched[o.index]!.kind, title: matched[o.index]!.title, link: matched[o.index]!.link, chars: o.chars, ratio: ratio(o.chars, total) }));

  const sections = sectionsOf(text).map((s) => {
    const chars = counter.count([[s.start, s.end]]);
    return { title: s.title, start: s.start, end: s.end, chars, ratio: ratio(counter.count(clip(copied, s.start, s.end)), chars) };
  });
  const sectionAt = (pos: number) => Math.max(0, sections.findIndex((s) => pos >= s.start && pos < s.end));

  const passages: PlagiarismPassage[] = [...found]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((m) => {
      const src = matched[m.source]!;
      const from = Math.max(0, m.sourceStart - SOURCE_CONTEXT);
      const to = Math.min(src.text.length, m.sourceEnd + SOURCE_CONTEXT);
      const excerpt = src.text.slice(from, to);
      const mine = tokens(text, m.start, m.end);
      const theirs = tokens(excerpt, m.sourceStart - from, m.sourceEnd - from);
      return {
        source: newIndex.get(m.source) ?? 0,
        start: m.start,
        end: m.end,
        source_text: excerpt,
        source_start: m.sourceStart - from,
        source_end: m.sourceEnd - from,
        marks: marksOf(mine, new Set(theirs.map((t) => t.key)), text),
        source_marks: marksOf(theirs, new Set(mine.map((t) => t.key)), excerpt),
        quoted: insideShare(counter, [m.start, m.end], quotes) >= INSIDE_SHARE,
        in_references: insideShare(counter, [m.start, m.end], refRanges) >= INSIDE_SHARE,
        section: sectionAt(m.start),
      };
    });

  const body = subtract([[0, text.length]], refRanges);
  return {
    chars: total,
    copied_chars: copiedChars,
    total_ratio: ratio(copiedChars, total),
    ratio_excluding_quotes: ratio(counter.count(subtract(copied, quotes)), total),
    ratio_excluding_references: ratio(counter.count(subtract(copied, refRanges)), counter.count(body)),
    largest_source_ratio: sources[0]?.ratio ?? 0,
    largest_source: sources.length > 0 ? 0 : null,
    only_references: refs.only,
    quotes,
    references: refs.range,
    sections,
    sources,
    passages,
    candidates: meta.candidates,
    corpus_size: meta.corpusSize,
  };
}
