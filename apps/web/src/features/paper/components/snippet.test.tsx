import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkCitations } from './answer-text';
import { decodeEntities, parseSnippet, Snippet } from './snippet';

describe('snippet', () => {
  it('keeps only <mark> as markup and decodes the escaped text', () => {
    expect(parseSnippet('a &lt;b&gt; <mark>word</mark> &amp; &#39;x&#39;')).toEqual([
      { text: 'a <b> ', mark: false },
      { text: 'word', mark: true },
      { text: " & 'x'", mark: false },
    ]);
    expect(decodeEntities('&#x4e2d;&#25991; &bogus; &#0;')).toBe('中文 &bogus; &#0;');
  });

  it('never injects HTML, even when the server forgot to escape', () => {
    const { container } = render(<Snippet html={'<img src=x onerror="alert(1)"><mark onclick="x">m</mark><script>alert(2)</script><mark>ok</mark>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.outerHTML)).toEqual(['<mark>ok</mark>']);
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});

describe('AI answer citations', () => {
  it('links [n] within range and leaves the rest alone', () => {
    expect(linkCitations('Yes [1], see [2, 3] and [9]; [1](http://x) stays.', 3)).toBe(
      'Yes [[1]](#paper-ref-1), see [[2]](#paper-ref-2)[[3]](#paper-ref-3) and [9]; [1](http://x) stays.',
    );
  });
});
