// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Text colours of the design tokens against every background token, in both
// themes: WCAG AA asks 4.5:1 for normal-size text (Lighthouse's colour-contrast audit).
const css = fs.readFileSync(new URL('./global.css', import.meta.url), 'utf8');

function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const TEXT = ['text', 'text-2', 'text-3', 'brand', 'gold', 'danger', 'success'];
const BACKGROUNDS = ['bg', 'surface', 'surface-2', 'brand-soft', 'gold-soft'];

describe('design tokens', () => {
  const light = tokens(':root');
  const themes = { light, dark: { ...light, ...tokens(":root[data-theme='dark']") } };
  for (const [theme, colours] of Object.entries(themes)) {
    it(`keep 4.5:1 text contrast on every background in the ${theme} theme`, () => {
      const low = TEXT.flatMap((fg) => BACKGROUNDS.map((bg) => ({ pair: `${fg} on ${bg}`, ratio: +contrast(colours[fg]!, colours[bg]!).toFixed(2) }))).filter((p) => p.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }
});

describe('the font stack', () => {
  it('lists Latin faces of every desktop system before any CJK face', () => {
    const stack = /--font:\s*([^;]+);/.exec(css)?.[1]?.split(',').map((f) => f.trim().replace(/'/g, '')) ?? [];
    const firstCjk = stack.findIndex((f) => /PingFang|Hiragino|CJK|YaHei|Gothic/.test(f));
    expect(firstCjk).toBeGreaterThan(0);
    for (const latin of ['Segoe UI', 'Helvetica Neue', 'Arial', 'Liberation Sans']) {
      expect(stack.indexOf(latin), latin).toBeGreaterThanOrEqual(0);
      expect(stack.indexOf(latin), latin).toBeLessThan(firstCjk);
    }
  });
});
