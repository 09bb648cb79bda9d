import type { PlagiarismRange } from '@xueba/contract';

export type RunKind = 'plain' | 'red' | 'green';
export interface Run {
  text: string;
  kind: RunKind;
  start: number;
}

/** `text[from, to)` cut into runs: green inside quotations, red inside copied words (a quotation wins), plain elsewhere. */
export function runsOf(text: string, from: number, to: number, red: readonly PlagiarismRange[], green: readonly PlagiarismRange[]): Run[] {
  const cuts = new Set<number>([from, to]);
  for (const [s, e] of [...red, ...green]) {
    if (s > from && s < to) cuts.add(s);
    if (e > from && e < to) cuts.add(e);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const inside = (ranges: readonly PlagiarismRange[], p: number) => ranges.some(([s, e]) => p >= s && p < e);
  const out: Run[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const s = points[i]!;
    const kind: RunKind = inside(green, s) ? 'green' : inside(red, s) ? 'red' : 'plain';
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text.slice(s, points[i + 1]);
    else out.push({ text: text.slice(s, points[i + 1]), kind, start: s });
  }
  return out;
}

/** Non-space characters, as the server counts them for the limit and the price. */
export function countChars(text: string): number {
  let n = 0;
  for (const ch of text.replace(/\r\n?/g, '\n').trim()) if (!/\s/u.test(ch)) n += 1;
  return n;
}

export const percent = (r: number) => `${(r * 100).toFixed(1)}%`;
