import { describe, expect, it } from 'vitest';
import { LOCALES } from '@xueba/contract';
import { HELP_ARTICLES } from './help-texts.js';

/** The text outside inline code spans: what the Markdown renderer may read as formulas. */
function prose(text: string): string {
  return text.replace(/(`+)[^`]*?\1/g, '');
}

describe('built-in help texts', () => {
  it('write formula delimiters meant literally as inline code, so the renderer does not eat them', () => {
    for (const article of HELP_ARTICLES) {
      for (const locale of LOCALES) {
        const { text } = article.texts[locale];
        expect(prose(text), `${article.id}.${locale}`).not.toMatch(/\$|\\\(|\\\[/);
      }
    }
    expect(HELP_ARTICLES.find((a) => a.id === 'chat')?.texts.zh.text).toContain('LaTeX（`$…$` 或 `$$…$$`）');
  });
});
