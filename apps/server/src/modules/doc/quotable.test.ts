import { describe, expect, it } from 'vitest';
import { quotable } from './doc-chat.js';

describe('quotable', () => {
  it('keeps a passage literal inside a Markdown quote', () => {
    expect(quotable('# Fine\n\nprint')).toBe('\\# Fine print');
    expect(quotable('- item one\n- item two')).toBe('\\- item one - item two');
    expect(quotable('1. first')).toBe('1\\. first');
    expect(quotable('a *b* _c_ [1] <script> `x` | y ~ z')).toBe('a \\*b\\* \\_c\\_ \\[1\\] \\<script\\> \\`x\\` \\| y \\~ z');
  });
  it('leaves ordinary text, CJK and formulas alone', () => {
    expect(quotable('文献图谱有 2.8 亿个节点。 E = mc^2')).toBe('文献图谱有 2.8 亿个节点。 E = mc^2');
  });
});
