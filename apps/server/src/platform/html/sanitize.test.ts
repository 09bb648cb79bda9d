import { describe, expect, it } from 'vitest';
import { isStorageImage, richTextToPlain, sanitizeRichText } from './sanitize.js';

const CDN = { imageOrigins: ['https://cdn.example.com'] };

describe('rich text sanitiser', () => {
  it('keeps the allowed structure: headings, lists, tables, code, quotes, links and our images', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> text<br></p><ul><li>one</li></ul><ol start="3"><li>three</li></ol>' +
      '<blockquote>quote</blockquote><pre><code class="language-ts">const a = 1;</code></pre>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>' +
      '<p><a href="https://example.org/x?y=1">link</a> <a href="/news/detail/3">inside</a></p><p><img src="/files/public/images/2026/01/a.png" alt="pic"></p>';
    const clean = sanitizeRichText(html);
    for (const part of ['<h2>Title</h2>', '<strong>bold</strong>', '<ol start="3">', '<code class="language-ts">', '<th colspan="2">', '<blockquote>quote</blockquote>', '<img src="/files/public/images/2026/01/a.png" alt="pic" />']) {
      expect(clean).toContain(part);
    }
    expect(clean).toContain('<a href="https://example.org/x?y=1" rel="noopener noreferrer" target="_blank">link</a>');
    expect(clean).toContain('<a href="/news/detail/3" rel="noopener noreferrer" target="_blank">inside</a>');
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p>ok<script src="https://evil.example/x.js"></script></p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="/files/public/images/a.png" onerror="alert(1)">', '<img src="/files/public/images/a.png" />'],
    ['<p onclick="alert(1)" style="color:red">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="//evil.example/">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<a href="https://ok.example/" target="_self" rel="opener">x</a>', '<a href="https://ok.example/" rel="noopener noreferrer" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['<svg onload=alert(1)><p>a</p>', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>a</p>', '<p>a</p>'],
    ['<form action="https://evil.example"><input name="p"><button>go</button></form>', 'go'],
    ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['<img src="https://evil.example/track.gif">', ''],
    ['<img src="/files/../../etc/passwd">', ''],
    ['<img src="//cdn.example.com/x.png">', ''],
    ['<div><span style="x">text</span></div>', 'text'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>a</p>', '<p>a</p>'],
    ['<base href="https://evil.example/"><p>a</p>', '<p>a</p>'],
    ['<code class="x language-ts" onmouseover="a()">c</code>', '<code class="language-ts">c</code>'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('takes images from a storage origin handed out by the store, only over https', () => {
    expect(sanitizeRichText('<img src="https://cdn.example.com/public/images/a.png">', CDN)).toBe('<img src="https://cdn.example.com/public/images/a.png" />');
    expect(sanitizeRichText('<img src="http://cdn.example.com/public/images/a.png">', CDN)).toBe('');
    expect(sanitizeRichText('<img src="https://cdn.example.com.evil.example/a.png">', CDN)).toBe('');
    expect(isStorageImage('https://user:pw@cdn.example.com/a.png', CDN)).toBe(false);
    expect(isStorageImage('/files/public/images/2026/01/x.webp')).toBe(true);
    expect(isStorageImage('/files/public/images/../secret')).toBe(false);
    expect(isStorageImage('/filesx/a.png')).toBe(false);
  });

  it('is stable: sanitising clean output again changes nothing', () => {
    const once = sanitizeRichText('<h3>a</h3><p>b &amp; c &lt;tag&gt;<a href="https://x.example">l</a></p><img src="/files/public/a.png">');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('reads the words out, one block a line, entities decoded, scripts left out', () => {
    expect(richTextToPlain('<h2>Hello</h2><p>a &amp; b &lt;c&gt;</p><ul><li>one</li><li>two</li></ul><script>x()</script><table><tr><td>1</td><td>2</td></tr></table>')).toBe('Hello\na & b <c>\none\ntwo\n1 2');
  });
});
