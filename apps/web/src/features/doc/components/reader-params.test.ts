import { describe, expect, it } from 'vitest';
import { docIdsParam, pageParam } from './doc-reader';
import { citedRange } from './text-viewer';

describe('docIdsParam', () => {
  it('reads ?id= or ?ids=, drops junk and duplicates, keeps at most 10', () => {
    expect(docIdsParam(new URLSearchParams('id=5'))).toEqual([5]);
    expect(docIdsParam(new URLSearchParams('ids=3, 1,3,x,-2,0,4.5'))).toEqual([3, 1]);
    expect(docIdsParam(new URLSearchParams('ids=' + Array.from({ length: 12 }, (_, i) => i + 1).join(',')))).toHaveLength(10);
    expect(docIdsParam(new URLSearchParams(''))).toEqual([]);
  });
});

describe('pageParam', () => {
  it('reads a positive whole page and ignores anything else', () => {
    expect(pageParam(new URLSearchParams('id=5&page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=x']) expect(pageParam(new URLSearchParams(bad))).toBeNull();
  });
});

describe('citedRange', () => {
  const text = 'First paragraph.\n\nThe cited passage sits here, in the middle.\n\nLast one.';
  const start = text.indexOf('The cited');
  const end = text.indexOf('middle.') + 'middle.'.length;
  const target = { docId: 1, page: 2, text: 'The cited passage sits here, in the middle.', seq: 1 };

  it('uses the server offsets when they still cover the passage', () => {
    expect(citedRange(text, { ...target, start, end }, 2)).toEqual({ start, end });
  });

  it('searches the page when the offsets are missing or stale', () => {
    expect(citedRange(text, target, 2)).toEqual({ start, end: end - 1 });
    expect(citedRange(text, { ...target, start: 0, end: 10 }, 2)).toEqual({ start, end: end - 1 });
  });

  it('marks nothing on another page', () => {
    expect(citedRange(text, { ...target, start, end }, 1)).toBeNull();
    expect(citedRange(text, null, 2)).toBeNull();
  });
});
