import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText, richTextFragment } from './rich-text';

function html(source: string, imageOrigins?: string[]): HTMLElement {
  const { container } = render(<RichText html={source} imageOrigins={imageOrigins} />);
  return container.firstElementChild as HTMLElement;
}

/** No element in the tree carries an event handler, a style or a script URL. */
function inert(root: HTMLElement): void {
  expect(root.querySelectorAll('script, style, iframe, object, embed, svg, math, form, input, meta, base, link').length).toBe(0);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      expect(attr.name).not.toBe('style');
      expect(attr.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
  }
}

describe('RichText', () => {
  afterEach(cleanup);

  it('renders the allowed structure as elements', () => {
    const root = html('<h2>Title</h2><p>A <strong>bold</strong> <a href="https://example.org/">link</a></p><ol start="2"><li>x</li></ol><table><tbody><tr><td colspan="2">c</td></tr></tbody></table><pre><code class="language-ts evil">let a</code></pre><img src="/files/public/images/a.png" alt="pic">');
    expect(root.querySelector('h2')?.textContent).toBe('Title');
    const link = root.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')]).toEqual(['https://example.org/', 'noopener noreferrer', '_blank']);
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('2');
    expect(root.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(root.querySelector('code')?.className).toBe('language-ts');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/files/public/images/a.png');
  });

  it.each([
    '<script>window.hacked = 1</script><p>ok</p>',
    '<img src=x onerror="window.hacked = 1">',
    '<img src="/files/public/a.png" onerror="window.hacked = 1" style="width:9999px">',
    '<p onclick="window.hacked = 1" style="color:red">hi</p>',
    '<a href="javascript:window.hacked=1">x</a>',
    '<a href=" JAVASCRIPT:window.hacked=1">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<iframe src="https://evil.example" onload="window.hacked=1"></iframe>',
    '<svg><script>window.hacked=1</script></svg>',
    '<svg onload="window.hacked=1"><circle/></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=window.hacked=1>',
    '<form action="https://evil.example"><input autofocus onfocus="window.hacked=1"><button formaction="javascript:1">go</button></form>',
    '<details open ontoggle="window.hacked=1">x</details>',
    '<meta http-equiv="refresh" content="0;url=javascript:1"><base href="https://evil.example/">',
    '<noscript><p title="</noscript><img src=x onerror=window.hacked=1>"></noscript>',
  ])('renders %s inert', (source) => {
    const root = html(source);
    inert(root);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('drops images from elsewhere and keeps them from a storage origin over https', () => {
    expect(html('<img src="https://evil.example/t.gif"><img src="data:image/png;base64,AAAA"><img src="//cdn.example.com/a.png">').querySelectorAll('img').length).toBe(0);
    expect(html('<img src="https://cdn.example.com/a.png">', ['https://cdn.example.com']).querySelectorAll('img').length).toBe(1);
    expect(html('<img src="http://cdn.example.com/a.png">', ['https://cdn.example.com']).querySelectorAll('img').length).toBe(0);
  });

  it('keeps the text of tags it does not know, without the tags', () => {
    const root = html('<div class="x" onclick="1"><span style="color:red">kept text</span></div>');
    expect(root.textContent).toBe('kept text');
    expect(root.querySelector('div, span')).toBeNull();
  });
});

describe('richTextFragment (the editor)', () => {
  it('builds the allowed nodes in the live document and nothing else', () => {
    const host = document.createElement('div');
    host.appendChild(richTextFragment('<p onclick="x()">a <a href="javascript:1">l</a><img src="/files/public/a.png" onerror="x()"></p><script>window.hacked=1</script><img src="https://evil.example/a.png">', document));
    inert(host);
    expect(host.innerHTML).toBe('<p>a <a rel="noopener noreferrer" target="_blank">l</a><img src="/files/public/a.png" loading="lazy"></p>');
  });
});
