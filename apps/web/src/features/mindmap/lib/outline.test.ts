import { describe, expect, it } from 'vitest';
import { MINDMAP_MAX_DEPTH } from '@xueba/contract';
import { fromElixirNode, safeLink, toElixirData, treeKey } from './convert';
import { countNodes, parseOutline } from './outline';

const titles = (n: { topic: string; children: { topic: string }[] }) => n.children.map((c) => c.topic);

describe('parseOutline', () => {
  it('reads one top heading as the root, headings and nested items below it', () => {
    const { tree, nodes } = parseOutline('# Thesis\n## Methods\n- Survey\n  - Sampling\n- Interviews\n## Results\nSome words under results.\n', 'Untitled');
    expect(tree.topic).toBe('Thesis');
    expect(titles(tree)).toEqual(['Methods', 'Results']);
    expect(titles(tree.children[0]!)).toEqual(['Survey', 'Interviews']);
    expect(titles(tree.children[0]!.children[0]!)).toEqual(['Sampling']);
    expect(tree.children[1]!.note).toBe('Some words under results.');
    expect(nodes).toBe(6);
  });

  it('puts several top items under a root named by the title, and keeps links', () => {
    const { tree } = parseOutline('- [Docs](https://example.org/a)\n- 研究 🌱\n\t- 子项', '我的导图');
    expect(tree.topic).toBe('我的导图');
    expect(tree.children[0]).toEqual({ topic: 'Docs', link: 'https://example.org/a', children: [] });
    expect(tree.children[1]!.topic).toBe('研究 🌱');
    expect(titles(tree.children[1]!)).toEqual(['子项']);
  });

  it('reads plain indented lines as an outline', () => {
    const { tree } = parseOutline('Root idea\n  first\n    deeper\n  second', 'T');
    expect(tree.topic).toBe('T');
    expect(titles(tree)).toEqual(['Root idea']);
    expect(titles(tree.children[0]!)).toEqual(['first', 'second']);
  });

  it('leaves out a half-received last line while streaming', () => {
    expect(parseOutline('# A\n- one\n- tw', 'T', false).nodes).toBe(2);
    expect(parseOutline('# A\n- one\n- tw', 'T', true).nodes).toBe(3);
  });

  it('cuts lines nested past the depth limit and counts them', () => {
    const text = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const { tree, tooDeep } = parseOutline(text, 'Deep');
    let depth = 0;
    for (let n = tree; n.children[0]; n = n.children[0]) depth += 1;
    expect(depth).toBe(MINDMAP_MAX_DEPTH);
    expect(tooDeep).toBe(40 - MINDMAP_MAX_DEPTH);
  });

  it('skips fenced code', () => {
    expect(countNodes(parseOutline('# A\n```\n- not a node\n```\n- node', 'T').tree)).toBe(2);
  });
});

describe('mind-elixir conversion', () => {
  it('keeps titles, order, notes and links both ways', () => {
    const tree = { topic: 'R', note: 'root note', children: [{ topic: 'a', link: 'https://x.org', children: [{ topic: 'a1', children: [] }] }, { topic: 'b', note: 'n', children: [] }] };
    const data = toElixirData(tree, 2);
    expect(data.direction).toBe(2);
    expect(new Set(JSON.stringify(data).match(/"id":"[^"]+"/g)).size).toBe(4);
    expect(fromElixirNode(data.nodeData)).toEqual(tree);
  });

  it('never hands the canvas a script link', () => {
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink('https://ok.example')).toBe('https://ok.example');
    expect(toElixirData({ topic: 'x', link: 'javascript:alert(1)', children: [] }, 1).nodeData.hyperLink).toBeUndefined();
  });

  it('keys trees by content, not by key order or empty fields', () => {
    const a = { topic: 'R', children: [{ topic: 'x', note: '', children: [] }] };
    const b = { children: [{ children: [], topic: 'x' }], topic: 'R' };
    expect(treeKey(a)).toBe(treeKey(b));
    expect(treeKey(a)).not.toBe(treeKey({ topic: 'R', children: [{ topic: 'y', children: [] }] }));
  });
});
