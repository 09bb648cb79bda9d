import { MINDMAP_MAX_DEPTH, MINDMAP_MAX_NODES, MINDMAP_SOURCE_MAX, MINDMAP_TOPIC_MAX, type MindmapNode } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { exportMap, parseModelOutline, parseOutlineSource } from './index.js';

/** The tree as nested topics only, for readable expectations. */
const topics = (node: MindmapNode): unknown => (node.children.length ? [node.topic, node.children.map(topics)] : node.topic);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Markdown outlines', () => {
  it('reads headings with lists under them, notes as blockquotes or paragraphs, and links', () => {
    const tree = parseOutlineSource(
      [
        '# 研究计划 [主页](https://example.org/plan)',
        '> 总体目标',
        '',
        '## 文献综述',
        'Read the **key** papers first.',
        'Then the surveys.',
        '',
        'A second paragraph.',
        '- 经典论文',
        '  - Smith 2020 (*Nature*)',
        '    > 引用最多',
        '  - Lee_2021_data',
        '- 综述',
        '## Methods',
        '1. Survey',
        '2. Interviews',
      ].join('\n'),
    );
    expect(topics(tree)).toEqual(['研究计划 主页', [['文献综述', [['经典论文', ['Smith 2020 (Nature)', 'Lee_2021_data']], '综述']], ['Methods', ['Survey', 'Interviews']]]]);
    expect(tree.link).toBe('https://example.org/plan');
    expect(tree.note).toBe('总体目标');
    expect(tree.children[0]!.note).toBe('Read the **key** papers first.\nThen the surveys.\n\nA second paragraph.');
    expect(tree.children[0]!.children[0]!.children[0]!.note).toBe('引用最多');
  });

  it('reads an indented plain-text outline with tabs, 2 or 4 spaces', () => {
    for (const unit of ['\t', '  ', '    ']) {
      const tree = parseOutlineSource(['Root', `${unit}A`, `${unit}${unit}A1`, `${unit}${unit}A2`, `${unit}B`].join('\n'));
      expect(topics(tree)).toEqual(['Root', [['A', ['A1', 'A2']], 'B']]);
    }
  });

  it('hangs several top-level items under a root named by the title, with prose before them as its note', () => {
    const tree = parseOutlineSource('Notes from the meeting\n\n- one\n- two', 'Meeting');
    expect(topics(tree)).toEqual(['Meeting', ['one', 'two']]);
    expect(tree.note).toBe('Notes from the meeting');
  });

  it('writes nested lists under a heading, escaping what would read as syntax', () => {
    const tree: MindmapNode = {
      topic: '# not a heading',
      children: [
        { topic: '- not an item', note: 'line 1\n\n> quoted', children: [{ topic: '1. not numbered *or* _em_ [x](y)', link: 'https://a.example/(b) c', children: [] }] },
      ],
    };
    const md = exportMap(tree, 'md').body.toString();
    expect(md).toBe(
      [
        '# \\# not a heading',
        '',
        '- \\- not an item',
        '  > line 1',
        '  >',
        '  > > quoted',
        '  - [1\\. not numbered \\*or\\* \\_em\\_ \\[x\\](y)](<https://a.example/(b) c>)',
        '',
      ].join('\n'),
    );
    expect(parseOutlineSource(md)).toEqual(tree);
  });

  it('refuses a paste over the source limit, naming it', () => {
    const error = refusal(() => parseOutlineSource(`# big\n${'- node\n'.repeat(30_000)}`.slice(0, 200_000)));
    expect(error.key).toBe('mindmap_source_too_long');
    expect(error.params).toEqual({ max: MINDMAP_SOURCE_MAX });
  });

  it('refuses 40 levels of nesting with the depth limit, in lists and in plain outlines', () => {
    const lists = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const plain = Array.from({ length: 40 }, (_, i) => `${'\t'.repeat(i)}level ${i}`).join('\n');
    for (const text of [lists, plain]) {
      const error = refusal(() => parseOutlineSource(text));
      expect(error.key).toBe('mindmap_too_deep');
      expect(error.params).toEqual({ max: MINDMAP_MAX_DEPTH });
    }
    // Exactly at the limit is fine: the root and 20 levels below it.
    const atLimit = Array.from({ length: MINDMAP_MAX_DEPTH + 1 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    expect(() => parseOutlineSource(atLimit)).not.toThrow();
  });

  it('refuses more nodes than the limit', () => {
    const text = `# root\n${'- n\n'.repeat(MINDMAP_MAX_NODES)}`;
    const error = refusal(() => parseOutlineSource(text));
    expect(error.key).toBe('mindmap_too_many_nodes');
    expect(error.params).toEqual({ max: MINDMAP_MAX_NODES });
    expect(() => parseOutlineSource(`# root\n${'- n\n'.repeat(MINDMAP_MAX_NODES - 1)}`)).not.toThrow();
  });

  it('refuses a topic over its length limit and an empty paste', () => {
    expect(refusal(() => parseOutlineSource(`- ${'x'.repeat(MINDMAP_TOPIC_MAX + 1)}`)).key).toBe('mindmap_topic_too_long');
    expect(refusal(() => parseOutlineSource(' \n\n')).key).toBe('mindmap_no_outline');
  });

  it('leaves out links that are not web or mail addresses', () => {
    const tree = parseOutlineSource('# [a](javascript:alert(1))\n- [b](mailto:x@example.org)\n- [c](file:///etc/passwd)');
    expect(tree.link).toBeUndefined();
    expect(tree.children.map((c) => c.link)).toEqual(['mailto:x@example.org', undefined]);
  });
});

describe('hostile outlines take linear time', () => {
  const lines: [string, string][] = [
    ['a heading with a long run of spaces', `# x${' '.repeat(99_000)}y`],
    ['many unclosed emphasis marks', `- _a_a${' _a_a'.repeat(19_000)}`],
    ['many unclosed links', `- ${'[a]('.repeat(24_000)}`],
    ['many brackets', `- ${'['.repeat(99_000)}`],
    ['many link ends without a start', `- ${'a]('.repeat(33_000)}`],
    ['a long topic with one link', `- ${'x'.repeat(3000)}[a](https://example.org/)`],
  ];
  it.each(lines)('%s', (_name, text) => {
    const started = performance.now();
    expect(parseModelOutline(text).tree).not.toBeNull();
    try {
      parseOutlineSource(text);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('model answers', () => {
  it('reads an outline wrapped in prose and a code fence, partial last line included', () => {
    const answer = 'Sure! Here is a mind map:\n\n```markdown\n# 机器学习\n## 监督学习\n- 回归\n- 分类 🧠\n## 无监督学';
    const result = parseModelOutline(answer);
    expect(topics(result.tree!)).toEqual(['机器学习', [['监督学习', ['回归', '分类 🧠']], '无监督学']]);
    expect(result).toMatchObject({ dropped: false, preambleLines: 1, ignoredLines: 0 });
  });

  it('grows as the answer streams, never throwing on a cut', () => {
    const answer = '# T\n## A\n- a1\n  > note\n- a2\n## B\n- b1\n';
    let last = 0;
    for (let end = 0; end <= answer.length; end += 1) {
      const { tree } = parseModelOutline(answer.slice(0, end));
      const size = tree ? JSON.stringify(tree).length : 0;
      expect(size).toBeGreaterThanOrEqual(end > 0 && answer[end - 1] === '\n' ? last : 0);
      last = size;
    }
    expect(topics(parseModelOutline(answer).tree!)).toEqual(['T', [['A', ['a1', 'a2']], ['B', ['b1']]]]);
  });

  it('says when prose after the outline was left out', () => {
    const result = parseModelOutline('# T\n- a\n- b\n\nI hope this helps. Let me know!');
    expect(topics(result.tree!)).toEqual(['T', ['a', 'b']]);
    expect(result).toMatchObject({ dropped: true, ignoredLines: 1 });
  });

  it('finds no tree in an answer that is not an outline', () => {
    const result = parseModelOutline('I cannot make a mind map of that, but here is a paragraph about it.\nAnother line.');
    expect(result.tree).toBeNull();
    expect(result.ignoredLines).toBe(2);
  });

  it('keeps what fits the limits and counts the rest', () => {
    const deep = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const result = parseModelOutline(`# root\n${deep}\n- ${'长'.repeat(MINDMAP_TOPIC_MAX + 10)}`);
    expect(result.dropped).toBe(true);
    expect(result.truncated).toBe(1);
    expect(result.droppedNodes).toBe(40 - MINDMAP_MAX_DEPTH);
    let depth = 0;
    for (let node = result.tree!; node.children.length > 0; node = node.children[0]!) depth += 1;
    expect(depth).toBe(MINDMAP_MAX_DEPTH);
    expect(result.tree!.children[1]!.topic).toHaveLength(MINDMAP_TOPIC_MAX);

    const many = parseModelOutline(`# root\n${'- n\n'.repeat(MINDMAP_MAX_NODES + 5)}`);
    expect(many.droppedNodes).toBe(6);
    expect(many.tree!.children).toHaveLength(MINDMAP_MAX_NODES - 1);
  });
});
