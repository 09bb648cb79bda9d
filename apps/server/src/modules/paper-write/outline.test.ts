import { describe, expect, it } from 'vitest';
import { defaultOutline, flatten, keyOutline, outlineKeys, parseModelOutline } from './outline.js';

describe('paper outlines', () => {
  it("reads a model's Markdown outline: the title is not a section, numbering goes, briefs attach to their section", () => {
    const { outline, partial } = parseModelOutline('# My paper\n\n## 1. 引言\n要点：研究背景\n## 第二章 方法\n### 2.1 数据\n### 2.2 模型\n- Brief: not a section\n## Conclusion\n');
    expect(outline.map((s) => [s.heading, s.brief, s.children.map((c) => c.heading)])).toEqual([
      ['引言', '研究背景', []],
      ['方法', '', ['数据', '模型']],
      ['Conclusion', '', []],
    ]);
    expect(outline[1]!.children[1]!.brief).toBe('not a section');
    expect(partial).toBe(false);
    expect(parseModelOutline('I cannot help with that.').outline).toEqual([]);
    const list = parseModelOutline('- Introduction\n  - Background\n- Method\n');
    expect(list.outline.map((s) => [s.heading, s.children.map((c) => c.heading)])).toEqual([['Introduction', ['Background']], ['Method', []]]);
  });

  it('keys new sections, keeps known keys, and refuses a key it never gave', () => {
    const stored = defaultOutline('report', 'en');
    const known = outlineKeys(stored);
    const saved = keyOutline([{ key: stored[0]!.key, heading: 'Summary', children: [{ heading: 'New part', children: [] }] }], known);
    expect(saved[0]!.key).toBe(stored[0]!.key);
    expect(saved[0]!.children[0]!.key).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(() => keyOutline([{ key: 'forged', heading: 'x', children: [] }], known)).toThrow();
    expect(() => keyOutline([{ key: stored[0]!.key, heading: 'a', children: [] }, { key: stored[0]!.key, heading: 'b', children: [] }], known)).toThrow();
    expect(flatten(saved).map((f) => [f.number, f.level, f.path])).toEqual([['1', 1, []], ['1.1', 2, ['Summary']]]);
  });
});
