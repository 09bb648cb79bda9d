import { describe, expect, it } from 'vitest';
import { alignTexts } from './align.js';
import { plagiarismEngine } from './index.js';
import { obfuscate } from './eval/obfuscate.js';
import { HOST_EN, HOST_TH, HOST_ZH, OTHER_EN, SOURCE_EN, SOURCE_TH, SOURCE_ZH } from './test/texts.js';
import type { AlignedPassage } from './types.js';

/** Share of `[from, from + length)` covered by the passage on the suspicious side. */
const covered = (p: AlignedPassage, from: number, length: number) => Math.max(0, Math.min(p.suspOffset + p.suspLength, from + length) - Math.max(p.suspOffset, from)) / length;

function embed(copied: string, host = HOST_EN, joiner = ' ') {
  const cut = host.indexOf('. ', host.length >> 1) + 1;
  const before = host.slice(0, cut) + joiner;
  return { text: before + copied + joiner + host.slice(cut), from: before.length, length: copied.length };
}

describe('alignTexts', () => {
  it('reports a verbatim copy once, with its exact boundaries in both texts', () => {
    const { text, from, length } = embed(SOURCE_EN);
    const source = `${OTHER_EN} ${SOURCE_EN} ${OTHER_EN}`;
    const found = plagiarismEngine.align(text, source);
    expect(found).toEqual([{ suspOffset: from, suspLength: length, sourceOffset: OTHER_EN.length + 1, sourceLength: SOURCE_EN.length }]);
  });

  it('finds nothing between unrelated texts, and nothing in an empty text', () => {
    expect(alignTexts(HOST_EN, OTHER_EN)).toEqual([]);
    expect(alignTexts('', SOURCE_EN)).toEqual([]);
    expect(alignTexts(SOURCE_EN, '')).toEqual([]);
    expect(alignTexts('。，！', '...')).toEqual([]);
  });

  it('keeps a copy with shuffled words as one passage', () => {
    const words = SOURCE_EN.split(' ');
    for (let i = 0; i + 1 < words.length; i += 5) [words[i], words[i + 1]] = [words[i + 1]!, words[i]!];
    const { text, from, length } = embed(words.join(' '));
    const found = alignTexts(text, SOURCE_EN);
    expect(found).toHaveLength(1);
    expect(covered(found[0]!, from, length)).toBeGreaterThan(0.9);
    expect(found[0]!.suspLength).toBeLessThan(length * 1.1);
  });

  it('keeps a copy with inserted and dropped words as one passage', () => {
    const words = SOURCE_EN.split(' ');
    const edited = words.flatMap((w, i) => (i % 9 === 4 ? [] : i % 7 === 2 ? [w, 'barley'] : [w]));
    const { text, from, length } = embed(edited.join(' '));
    const found = alignTexts(text, SOURCE_EN);
    expect(found).toHaveLength(1);
    expect(covered(found[0]!, from, length)).toBeGreaterThan(0.9);
    expect(found[0]!.sourceOffset).toBeLessThan(40);
    expect(found[0]!.sourceOffset + found[0]!.sourceLength).toBeGreaterThan(SOURCE_EN.length - 40);
  });

  it('keeps a randomly obfuscated copy (shuffles, drops, inserts, replacements) as one passage', () => {
    const copied = obfuscate(SOURCE_EN, HOST_EN.split(' '), { rate: 0.3, seed: 3 });
    expect(copied).not.toBe(SOURCE_EN);
    const { text, from, length } = embed(copied);
    const found = alignTexts(text, SOURCE_EN);
    expect(found).toHaveLength(1);
    expect(covered(found[0]!, from, length)).toBeGreaterThan(0.85);
  });

  it('reports two copies of different parts of a source separately', () => {
    const half = SOURCE_EN.indexOf('Detection systems');
    const first = SOURCE_EN.slice(0, half - 1);
    const second = SOURCE_EN.slice(half);
    const text = `${second} ${HOST_EN} ${first}`;
    const found = alignTexts(text, SOURCE_EN);
    expect(found.map((p) => [p.suspOffset, p.sourceOffset])).toEqual([
      [0, half],
      [second.length + 1 + HOST_EN.length + 1, 0],
    ]);
  });

  it('aligns Chinese copies on characters, verbatim and with clauses reordered', () => {
    const { text, from, length } = embed(SOURCE_ZH, HOST_ZH, '');
    expect(alignTexts(text, SOURCE_ZH)).toEqual([{ suspOffset: from, suspLength: length, sourceOffset: 0, sourceLength: SOURCE_ZH.length }]);
    const clauses = SOURCE_ZH.split(/(?<=[，。])/);
    const reordered = clauses.map((_, i) => clauses[i % 2 === 0 ? Math.min(i + 1, clauses.length - 1) : i - 1]).join('');
    const moved = embed(reordered, HOST_ZH, '');
    const found = alignTexts(moved.text, SOURCE_ZH);
    expect(found).toHaveLength(1);
    expect(covered(found[0]!, moved.from, moved.length)).toBeGreaterThan(0.9);
  });

  it('aligns Thai, a script without spaces between words, on its words', () => {
    const { text, from, length } = embed(SOURCE_TH, HOST_TH + HOST_TH, '');
    const found = alignTexts(text, SOURCE_TH);
    expect(found).toHaveLength(1);
    expect(covered(found[0]!, from, length)).toBeGreaterThan(0.95);
  });

  it('aligns a long text with itself as one passage, though its phrases repeat', () => {
    const sentences = SOURCE_EN.split('. ');
    const hostWords = HOST_EN.split(' ');
    const long = Array.from({ length: 60 }, (_, i) => `${sentences[i % sentences.length]}. Part ${i} adds ${hostWords.slice(i % 40, (i % 40) + 12).join(' ')}.`).join(' ');
    expect(alignTexts(long, long)).toEqual([{ suspOffset: 0, suspLength: long.length, sourceOffset: 0, sourceLength: long.length }]);
  });

  it('does not report a short common phrase', () => {
    const phrase = 'the PAN workshop measure these systems with character level precision';
    expect(alignTexts(`${HOST_EN} ${phrase} ${OTHER_EN}`, SOURCE_EN)).toEqual([]);
  });
});
