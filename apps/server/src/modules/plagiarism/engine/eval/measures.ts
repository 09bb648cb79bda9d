/**
 * PAN's text-alignment measures (Potthast, Stein, Barrón-Cedeño and Rosso,
 * "An Evaluation Framework for Plagiarism Detection", COLING 2010), as PAN's
 * perfmeasures script computes them. A case or a detection is the set of its
 * characters in the suspicious document plus its characters in the source.
 * A detection detects a case when both name the same document pair and they
 * overlap in the suspicious and in the source document.
 */
export interface Span {
  susp: string;
  source: string;
  thisOffset: number;
  thisLength: number;
  sourceOffset: number;
  sourceLength: number;
}

export interface PanScores {
  precision: number;
  recall: number;
  granularity: number;
  plagdet: number;
  cases: number;
  detections: number;
}

const overlaps = (a0: number, aLen: number, b0: number, bLen: number) => a0 < b0 + bLen && b0 < a0 + aLen;

export function detects(detection: Span, c: Span): boolean {
  return (
    detection.susp === c.susp &&
    detection.source === c.source &&
    overlaps(detection.thisOffset, detection.thisLength, c.thisOffset, c.thisLength) &&
    overlaps(detection.sourceOffset, detection.sourceLength, c.sourceOffset, c.sourceLength)
  );
}

/** Length of the union of intervals `[start, end)`. */
function unionLength(intervals: [number, number][]): number {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let curStart = -1;
  let curEnd = -1;
  for (const [a, b] of sorted) {
    if (a > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = a;
      curEnd = b;
    } else curEnd = Math.max(curEnd, b);
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

function intersect(a0: number, aLen: number, b0: number, bLen: number): [number, number] {
  return [Math.max(a0, b0), Math.min(a0 + aLen, b0 + bLen)];
}

/** The share of `of`'s characters covered by its intersections with `others`. */
function coveredShare(of: Span, others: Span[]): number {
  const size = of.thisLength + of.sourceLength;
  if (size === 0) return 0;
  const susp = unionLength(others.map((o) => intersect(of.thisOffset, of.thisLength, o.thisOffset, o.thisLength)));
  const src = unionLength(others.map((o) => intersect(of.sourceOffset, of.sourceLength, o.sourceOffset, o.sourceLength)));
  return (susp + src) / size;
}

export function panScores(cases: Span[], detections: Span[]): PanScores {
  const key = (s: Span) => `${s.susp}\u0000${s.source}`;
  const detectionsByPair = new Map<string, Span[]>();
  for (const d of detections) {
    const list = detectionsByPair.get(key(d));
    if (list) list.push(d);
    else detectionsByPair.set(key(d), [d]);
  }
  const casesByPair = new Map<string, Span[]>();
  for (const c of cases) {
    const list = casesByPair.get(key(c));
    if (list) list.push(c);
    else casesByPair.set(key(c), [c]);
  }

  let recall: number;
  let precision: number;
  if (cases.length === 0 && detections.length === 0) {
    recall = 1;
    precision = 1;
  } else if (cases.length === 0 || detections.length === 0) {
    recall = 0;
    precision = 0;
  } else {
    let recallSum = 0;
    for (const c of cases) recallSum += coveredShare(c, (detectionsByPair.get(key(c)) ?? []).filter((d) => detects(d, c)));
    recall = recallSum / cases.length;
    let precisionSum = 0;
    for (const d of detections) precisionSum += coveredShare(d, (casesByPair.get(key(d)) ?? []).filter((c) => detects(d, c)));
    precision = precisionSum / detections.length;
  }

  let detected = 0;
  let pieces = 0;
  for (const c of cases) {
    const n = (detectionsByPair.get(key(c)) ?? []).filter((d) => detects(d, c)).length;
    if (n > 0) {
      detected += 1;
      pieces += n;
    }
  }
  const granularity = detected === 0 ? 1 : pieces / detected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, granularity, plagdet: f1 / Math.log2(1 + granularity), cases: cases.length, detections: detections.length };
}
