import type { MindmapNode } from '@xueba/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseXml, textOf } from '../formats/xml.js';
import { bigTree } from './big-tree.js';
import { layoutMap, pngScale, renderMap } from './index.js';
import { wrapText } from './measure.js';
import { levelStyle } from './theme.js';

const sample: MindmapNode = {
  topic: '机器学习 Machine Learning 🧠',
  note: '总览',
  children: [
    { topic: '监督学习 <Supervised> & co', children: [{ topic: '回归', children: [] }, { topic: 'Ridge', link: 'https://example.org/ridge?a=1&b=2', children: [] }] },
    { topic: '无监督学习', children: [{ topic: 'クラスタリング', children: [] }, { topic: '차원 축소', children: [] }] },
    { topic: 'Bad link', link: 'javascript:alert(1)', children: [] },
    { topic: '深度学习', children: [{ topic: 'Transformer', note: 'Attention is all you need', children: [] }] },
  ],
};

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layout', () => {
  it('wraps long topics within the line width, between words and between CJK characters', () => {
    const style = levelStyle(2);
    const latin = wrapText('A fairly long English title that certainly needs wrapping somewhere', style);
    expect(latin.lines.length).toBeGreaterThan(1);
    expect(latin.lines.every((line) => !line.startsWith(' ') && !line.endsWith(' '))).toBe(true);
    expect(latin.lines.join(' ')).toBe('A fairly long English title that certainly needs wrapping somewhere');
    const cjk = wrapText('决策树与随机森林，一个很长很长的主题用来测试换行是否正常工作以及框的宽度', style);
    expect(cjk.lines.length).toBeGreaterThan(1);
    expect(cjk.width).toBeLessThanOrEqual(style.maxWidth);
    expect(cjk.lines.join('')).toBe('决策树与随机森林，一个很长很长的主题用来测试换行是否正常工作以及框的宽度');
    // CJK characters are about one em wide, Latin letters about half.
    expect(wrapText('中文字符', style).width).toBeGreaterThan(wrapText('abcdefgh', style).width * 0.9);
  });

  it('puts branches on both sides of the root, or all to the right, without overlapping boxes', () => {
    for (const kind of ['both', 'right'] as const) {
      const layout = layoutMap(bigTree(1000), kind);
      expect(layout.nodes).toHaveLength(1000);
      const sides = new Set(layout.nodes.filter((n) => n.depth === 1).map((n) => n.side));
      expect([...sides].sort()).toEqual(kind === 'both' ? [-1, 1] : [1]);
      const sorted = [...layout.nodes].sort((a, b) => a.y - b.y);
      for (let i = 0; i < sorted.length; i += 1) {
        const a = sorted[i]!;
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(layout.width);
        for (let j = i + 1; j < sorted.length && sorted[j]!.y < a.y + a.height; j += 1) expect(overlaps(a, sorted[j]!)).toBe(false);
      }
      for (const n of layout.nodes) {
        if (n.parent && n.depth > 1) expect(n.side).toBe(n.parent.side);
        if (n.side === 1) expect(n.x).toBeGreaterThan(n.parent!.x + n.parent!.width);
        if (n.side === -1) expect(n.x + n.width).toBeLessThan(n.parent!.x);
      }
    }
  });
});

describe('export', () => {
  it('SVG: well-formed, text as text, escaped, safe links clickable, notes as tooltips', async () => {
    const { body, contentType } = await renderMap(sample, 'svg', { title: 'ML & more' });
    expect(contentType).toContain('image/svg+xml');
    const svg = body.toString();
    const root = parseXml(svg);
    expect(root.name).toBe('svg');
    const text = textOf(root);
    for (const topic of ['机器学习 Machine Learning 🧠', '监督学习 <Supervised> & co', 'クラスタリング', '차원 축소']) expect(text).toContain(topic);
    expect(svg).toContain('<title>ML &amp; more</title>');
    expect(svg).toContain('<a href="https://example.org/ridge?a=1&amp;b=2"');
    expect(svg).not.toContain('javascript:');
    expect(svg).toContain('<title>Attention is all you need</title>');
    expect(svg).toMatch(/font-family="&quot;Noto Sans CJK SC&quot;/);
  });

  it('PNG: drawn at 2x, with CJK drawn as glyphs (different characters give different pixels, not the same missing-glyph box)', async () => {
    const { body } = await renderMap(sample, 'png');
    const meta = await sharp(body).metadata();
    const layout = layoutMap(sample);
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(Math.round(layout.width * 2));
    const pixels = async (topic: string) => (await sharp((await renderMap({ topic, children: [] }, 'png')).body).raw().toBuffer()).toString('base64');
    const [a, b, c] = await Promise.all([pixels('中文'), pixels('思维'), pixels('한글')]);
    expect(a).not.toBe(b);
    expect(a).not.toBe(c);
  });

  it('PDF: one vector page sized to the map, CJK as extractable text in an embedded font, links annotated', async () => {
    const { body, contentType } = await renderMap(sample, 'pdf');
    expect(contentType).toBe('application/pdf');
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(body), cMapUrl: 'node_modules/pdfjs-dist/cmaps/', cMapPacked: true }).promise;
    expect(doc.numPages).toBe(1);
    const page = await doc.getPage(1);
    const layout = layoutMap(sample);
    expect(page.view).toEqual([0, 0, layout.width, layout.height]);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    // pdf.js maps some CJK glyphs to compatibility code points; NFKC folds them back.
    expect(text.normalize('NFKC')).toContain('无监督学习');
    expect(text).toContain('クラスタリング');
    const annotations = (await page.getAnnotations()) as { url?: string }[];
    expect(annotations.map((a) => a.url)).toEqual(['https://example.org/ridge?a=1&b=2']);
  });

  it('a 1,000-node map exports to every picture format in reasonable time', async () => {
    const tree = bigTree(1000);
    const timings: Record<string, number> = {};
    for (const format of ['svg', 'png', 'pdf'] as const) {
      const started = performance.now();
      const { body } = await renderMap(tree, format);
      timings[format] = Math.round(performance.now() - started);
      expect(body.length).toBeGreaterThan(1000);
    }
    const layout = layoutMap(tree);
    // Its PNG is tall (about 2,700 x 18,300 units): drawn below 2x to stay within the pixel budget.
    expect(pngScale(layout)).toBeGreaterThan(0.8);
    expect(pngScale(layout)).toBeLessThan(1);
    // About 0.2 s (SVG), 1.7 s (PNG) and 0.4-0.7 s (PDF) on this machine; generous for a loaded CI.
    expect(timings.svg).toBeLessThan(10_000);
    expect(timings.png).toBeLessThan(30_000);
    expect(timings.pdf).toBeLessThan(10_000);
  });
});
