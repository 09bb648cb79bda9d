import { describe, expect, it } from 'vitest';
import { citationNumbers, citationOfLink, countWords, markCitations } from './citations';

describe('markCitations', () => {
  it('links numbers in the bibliography and flags the ones that point at nothing', () => {
    const out = markCitations('Alignment helps [1], and [2, 3] agree; [42] does not exist.', 10);
    expect(out.markdown).toBe('Alignment helps [[1]](#pw-ref-1), and [[2]](#pw-ref-2)[[3]](#pw-ref-3) agree; [[42]](#pw-bad-42) does not exist.');
    expect(out.invalid).toEqual([42]);
    expect(out.cited).toEqual([1, 2, 3]);
  });

  it('expands ranges, reads full-width commas and leaves real links and images alone', () => {
    const out = markCitations('见[1–3]与[4，12]。[5](http://x) ![6](y.png)', 4);
    expect(out.markdown).toBe('见[[1]](#pw-ref-1)[[2]](#pw-ref-2)[[3]](#pw-ref-3)与[[4]](#pw-ref-4)[[12]](#pw-bad-12)。[5](http://x) ![6](y.png)');
    expect(out.invalid).toEqual([12]);
  });

  it('flags every citation of an empty bibliography, including [0]', () => {
    expect(markCitations('[0] and [1]', 0).invalid).toEqual([0, 1]);
  });

  it('reads a reversed range as its two ends', () => {
    expect(citationNumbers('5-2')).toEqual([5, 2]);
    expect(citationNumbers('1-3, 7')).toEqual([1, 2, 3, 7]);
  });
});

describe('citationOfLink', () => {
  it('reads valid and flagged citation links and nothing else', () => {
    expect(citationOfLink('#pw-ref-3')).toEqual({ n: 3, valid: true });
    expect(citationOfLink('#pw-bad-42')).toEqual({ n: 42, valid: false });
    expect(citationOfLink('https://example.com/#pw-ref-3')).toBeNull();
    expect(citationOfLink('#pw-ref-x')).toBeNull();
    expect(citationOfLink(null)).toBeNull();
  });
});

describe('countWords', () => {
  it('counts CJK characters one each and Latin words one each, without markup or citations', () => {
    expect(countWords('## 引言\n机器翻译 uses attention [1, 2].')).toBe(2 + 4 + 2);
    expect(countWords("It's a well-known **result** [3].")).toBe(4);
    expect(countWords('')).toBe(0);
  });
});
