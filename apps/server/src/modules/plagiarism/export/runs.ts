import type { PlagiarismRange } from '@xueba/contract';

export type RunKind = 'plain' | 'red' | 'green';
export interface Run {
  text: string;
  kind: RunKind;
}

/** `text[from, to)` cut into runs: green inside quotations, red inside copied ranges (a quotation wins), plain elsewhere. */
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
    else out.push({ text: text.slice(s, points[i + 1]!), kind });
  }
  return out;
}
