import { describe, expect, it } from 'vitest';
import { panScores, type Span } from './measures.js';

const span = (thisOffset: number, thisLength: number, sourceOffset: number, sourceLength: number, susp = 's1', source = 'r1'): Span => ({ susp, source, thisOffset, thisLength, sourceOffset, sourceLength });

describe('panScores', () => {
  it('scores detections equal to the truth 1', () => {
    const cases = [span(100, 50, 10, 50), span(300, 80, 200, 80)];
    expect(panScores(cases, cases)).toMatchObject({ precision: 1, recall: 1, granularity: 1, plagdet: 1 });
  });

  it('scores no detections 0, and no cases with no detections 1', () => {
    expect(panScores([span(0, 10, 0, 10)], [])).toMatchObject({ precision: 0, recall: 0, plagdet: 0 });
    expect(panScores([], [])).toMatchObject({ precision: 1, recall: 1, granularity: 1, plagdet: 1 });
    expect(panScores([], [span(0, 10, 0, 10)])).toMatchObject({ precision: 0, recall: 0, plagdet: 0 });
  });

  it('penalises a case reported in two halves by granularity', () => {
    const scores = panScores([span(0, 100, 0, 100)], [span(0, 50, 0, 50), span(50, 50, 50, 50)]);
    expect(scores.precision).toBe(1);
    expect(scores.recall).toBe(1);
    expect(scores.granularity).toBe(2);
    expect(scores.plagdet).toBeCloseTo(1 / Math.log2(3), 10);
  });

  it('counts characters on both sides: half the case found, a detection twice too long', () => {
    // Case 100+100 characters; detection covers [50,150) and [50,150): 50+50 inside the case.
    const scores = panScores([span(0, 100, 0, 100)], [span(50, 100, 50, 100)]);
    expect(scores.recall).toBeCloseTo(0.5, 10);
    expect(scores.precision).toBeCloseTo(0.5, 10);
    expect(scores.plagdet).toBeCloseTo(0.5, 10);
  });

  it('gives nothing to a detection overlapping a case on one side only, or naming another pair', () => {
    const c = span(0, 100, 0, 100);
    expect(panScores([c], [span(0, 100, 500, 100)])).toMatchObject({ precision: 0, recall: 0 });
    expect(panScores([c], [span(0, 100, 0, 100, 's1', 'r2')])).toMatchObject({ precision: 0, recall: 0 });
  });

  it('macro-averages: a false detection halves precision, a missed case halves recall', () => {
    const a = span(0, 100, 0, 100);
    const b = span(0, 60, 0, 60, 's2');
    const scores = panScores([a, b], [a, span(500, 40, 500, 40)]);
    expect(scores.precision).toBeCloseTo(0.5, 10);
    expect(scores.recall).toBeCloseTo(0.5, 10);
    expect(scores.granularity).toBe(1);
  });

  it('counts overlapping detections once in recall', () => {
    const scores = panScores([span(0, 100, 0, 100)], [span(0, 60, 0, 60), span(40, 60, 40, 60)]);
    expect(scores.recall).toBeCloseTo(1, 10);
    expect(scores.precision).toBe(1);
    expect(scores.granularity).toBe(2);
  });
});
