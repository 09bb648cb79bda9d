import { describe, expect, it } from 'vitest';
import { contentIndices, normalizeKey, TokenKind, tokenize } from './tokenize.js';

const slices = (text: string) => {
  const t = tokenize(text);
  return t.keys.map((key, i) => ({ key, raw: text.slice(t.starts[i], t.ends[i]), kind: t.kinds[i] }));
};

describe('tokenize', () => {
  it('folds case and full-width forms but keeps offsets into the original text', () => {
    const text = 'ＡＢＣ  Déjà-Vu, ＴＥＳＴ１２３!';
    const tokens = slices(text);
    expect(tokens.map((t) => t.key)).toEqual(['abc', 'déjà', 'vu', 'test123']);
    expect(tokens.map((t) => t.raw)).toEqual(['ＡＢＣ', 'Déjà', 'Vu', 'ＴＥＳＴ１２３']);
    expect(normalizeKey('Ｈｅｌｌｏ')).toBe('hello');
  });

  it('makes every CJK character a token and keeps Latin words whole between them', () => {
    const tokens = slices('使用PageRank算法，排序。');
    expect(tokens.map((t) => t.key)).toEqual(['使', '用', 'pagerank', '算', '法', '排', '序']);
    expect(tokens.filter((t) => t.kind === TokenKind.Cjk)).toHaveLength(6);
  });

  it('segments Thai into words and maps them back exactly', () => {
    const text = 'ภาษาไทยไม่มีช่องว่างระหว่างคำ';
    const tokens = slices(text);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.every((t) => t.kind === TokenKind.Segmented)).toBe(true);
    expect(tokens.map((t) => t.raw).join('')).toBe(text);
  });

  it('keeps offsets right after characters outside the BMP', () => {
    const text = '𠀀𠀁 copy text';
    const tokens = slices(text);
    expect(tokens.map((t) => t.raw)).toEqual(['𠀀', '𠀁', 'copy', 'text']);
  });

  it('returns nothing for an empty or punctuation-only text', () => {
    expect(tokenize('').keys).toEqual([]);
    expect(tokenize(' \n，。!?').keys).toEqual([]);
  });

  it('leaves function words out of the content tokens', () => {
    const t = tokenize('The index of the corpus is built quickly');
    expect(contentIndices(t).map((i) => t.keys[i])).toEqual(['index', 'corpus', 'built', 'quickly']);
  });
});
