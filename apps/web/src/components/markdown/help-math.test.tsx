import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { MarkdownView } from './markdown-view';

afterEach(cleanup);

describe('formula delimiters written as code in help passages', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('show the delimiters as written instead of typesetting the text between them', () => {
    const { container } = render(<MarkdownView text={'公式使用 LaTeX（`$…$` 或 `$$…$$`）显示。'} />);
    expect(container.textContent).toContain('LaTeX（$…$ 或 $$…$$）显示');
    expect(container.querySelector('.katex')).toBeNull();
  });

  it('would lose them unescaped (why help texts escape them)', () => {
    const { container } = render(<MarkdownView text={'公式使用 LaTeX（$…$ 或 $$…$$）显示。'} />);
    expect(container.textContent).not.toContain('LaTeX（$…$ 或 $$…$$）');
  });
});
