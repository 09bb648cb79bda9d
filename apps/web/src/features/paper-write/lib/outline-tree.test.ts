import { describe, expect, it } from 'vitest';
import { fromSections, toNodes } from './outline-convert';
import { addAfter, addChild, firstBlank, flatten, indent, move, outdent, remove, rename, sameOutline, setBrief, type OutlineNode } from './outline-tree';

const n = (key: string, children: OutlineNode[] = []): OutlineNode => ({ key, title: key.toUpperCase(), children });
const shape = (nodes: OutlineNode[]): unknown => nodes.map((x) => (x.children.length ? { [x.key]: shape(x.children) } : x.key));

const tree = [n('a', [n('a1'), n('a2')]), n('b'), n('c', [n('c1', [n('c1x')])])];

describe('outline tree', () => {
  it('renames a nested section without touching the original', () => {
    const next = rename(tree, 'a2', 'Related work');
    expect(next[0]!.children[1]!.title).toBe('Related work');
    expect(tree[0]!.children[1]!.title).toBe('A2');
  });

  it('adds after a section, as a child, and at the end', () => {
    expect(shape(addAfter(tree, 'a1', n('x')))).toEqual([{ a: ['a1', 'x', 'a2'] }, 'b', { c: [{ c1: ['c1x'] }] }]);
    expect(shape(addChild(tree, 'b', n('x')))).toEqual([{ a: ['a1', 'a2'] }, { b: ['x'] }, { c: [{ c1: ['c1x'] }] }]);
    expect(shape(addAfter(tree, null, n('x')))).toEqual([{ a: ['a1', 'a2'] }, 'b', { c: [{ c1: ['c1x'] }] }, 'x']);
  });

  it('refuses a child below the deepest level', () => {
    expect(addChild(tree, 'c1x', n('x'))).toBe(tree);
  });

  it('moves within siblings and stops at the ends', () => {
    expect(shape(move(tree, 'b', -1))).toEqual(['b', { a: ['a1', 'a2'] }, { c: [{ c1: ['c1x'] }] }]);
    expect(shape(move(tree, 'a2', -1))).toEqual([{ a: ['a2', 'a1'] }, 'b', { c: [{ c1: ['c1x'] }] }]);
    expect(shape(move(tree, 'c', 1))).toEqual(shape(tree));
    expect(shape(move(tree, 'a1', -1))).toEqual(shape(tree));
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    expect(shape(indent(tree, 'b'))).toEqual([{ a: ['a1', 'a2', 'b'] }, { c: [{ c1: ['c1x'] }] }]);
    expect(shape(outdent(tree, 'a1'))).toEqual([{ a: ['a2'] }, 'a1', 'b', { c: [{ c1: ['c1x'] }] }]);
    // The first sibling has nothing to go under; a top-level section has no parent to leave.
    expect(indent(tree, 'a')).toBe(tree);
    expect(outdent(tree, 'b')).toBe(tree);
  });

  it('does not indent a subtree past the deepest level', () => {
    // c (with c1 > c1x) under b would put c1x at level 4.
    expect(indent(tree, 'c')).toBe(tree);
  });

  it('removes a section with its subsections', () => {
    expect(shape(remove(tree, 'c1'))).toEqual([{ a: ['a1', 'a2'] }, 'b', 'c']);
    expect(remove(tree, 'missing')).toBe(tree);
  });

  it('numbers the sections in reading order and compares trees by content', () => {
    expect(flatten(tree).map((x) => `${x.number}:${x.depth}`)).toEqual(['1:1', '1.1:2', '1.2:2', '2:1', '3:1', '3.1:2', '3.1.1:3']);
    expect(sameOutline(tree, rename(tree, 'b', 'B'))).toBe(true);
    expect(sameOutline(tree, rename(tree, 'b', 'Bee'))).toBe(false);
  });
});

describe('outline conversion', () => {
  const add = addAfter;
  it('keeps server keys, drops browser keys and trims headings and briefs when saving', () => {
    const tree = fromSections([{ key: 'k1', heading: 'Intro', brief: '', children: [{ key: 'k2', heading: 'Background', brief: 'why', children: [] }] }]);
    const edited = setBrief(add(tree, 'k1', { key: 'new-x-1', title: '  Methods ', children: [] }), 'new-x-1', ' data ');
    expect(toNodes(edited)).toEqual([
      { key: 'k1', heading: 'Intro', children: [{ key: 'k2', heading: 'Background', brief: 'why', children: [] }] },
      { heading: 'Methods', brief: 'data', children: [] },
    ]);
    expect(firstBlank(edited)).toBeNull();
    expect(firstBlank(add(edited, 'k2', { key: 'new-y', title: ' ', children: [] }))?.key).toBe('new-y');
  });
});
