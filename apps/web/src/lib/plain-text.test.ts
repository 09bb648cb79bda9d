import { describe, expect, it } from 'vitest';
import { markdownPreview } from './plain-text';

describe('markdownPreview', () => {
  it('drops Markdown syntax and keeps the words', () => {
    const output = [
      '## 修改后的文本',
      '',
      '> We **propose** a _novel_ method, see [the paper](https://example.org/p) and `code`.',
      '',
      '| 原文 | 修改 | 原因 |',
      '| --- | --- | --- |',
      '| a | b | *clarity* |',
      '',
      '- first item',
      '1. second item',
      '```python',
      'x = 1',
      '```',
      'Formula $E=mc^2$.',
    ].join('\n');
    const text = markdownPreview(output);
    expect(text).toBe('修改后的文本 We propose a novel method, see the paper and code. 原文 · 修改 · 原因 a · b · clarity first item second item x = 1 Formula E=mc^2.');
    expect(text).not.toMatch(/[#*|`>$]|\]\(/);
  });

  it('leaves plain text and snake_case words alone', () => {
    expect(markdownPreview('plain text with snake_case_name and 2 * 3 = 6')).toBe('plain text with snake_case_name and 2 * 3 = 6');
  });
});
