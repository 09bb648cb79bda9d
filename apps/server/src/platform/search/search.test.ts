import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';
import { Bm25Index } from './bm25.js';

describe('tokenize', () => {
  it('stems English and drops stop words', () => {
    expect(tokenize('The Attention mechanisms are used for translating')).toEqual(['attent', 'mechan', 'translat']);
  });
  it('segments Chinese into words plus Han bigrams, and mixes with Latin', () => {
    const tokens = tokenize('基于Transformer的低资源机器翻译');
    expect(tokens).toContain('transform');
    expect(tokens).toContain('机器');
    expect(tokens).toContain('翻译');
  });
  it('segments Japanese and Korean', () => {
    expect(tokenize('アテンション機構を説明')).toEqual(expect.arrayContaining(['アテンション', '機構', '説明']));
    expect(tokenize('기계 번역 연구')).toEqual(['기계', '번역', '연구']);
  });
});

describe('Bm25Index', () => {
  const index = new Bm25Index([
    { name: 'title', weight: 2 },
    { name: 'body', weight: 1 },
  ]);
  const docs = [
    ['Neural machine translation for low-resource languages', 'We translate between languages with little parallel data.'],
    ['Sleep quality of university students', 'Social media use before bed reduces sleep quality.'],
    ['Attention is all you need', 'The transformer relies entirely on attention mechanisms for translation.'],
    ['低资源机器翻译综述', '本文综述低资源场景下的机器翻译方法。'],
  ];
  for (const doc of docs) index.add(doc);

  it('ranks the matching document first', () => {
    expect(index.search('low resource machine translation', 3)[0]?.doc).toBe(0);
    expect(index.search('sleep social media', 3)[0]?.doc).toBe(1);
    expect(index.search('attention mechanism', 3)[0]?.doc).toBe(2);
    expect(index.search('机器翻译', 3)[0]?.doc).toBe(3);
  });
  it('returns nothing for stop words or punctuation only, and honours filters and removal', () => {
    expect(index.search('the of and', 5)).toEqual([]);
    expect(index.search('!!! ???', 5)).toEqual([]);
    expect(index.search('translation', 5, (doc) => doc !== 2).map((h) => h.doc)).not.toContain(2);
    index.remove(0);
    expect(index.search('low resource', 5).map((h) => h.doc)).not.toContain(0);
  });
});

describe('Bm25Index incremental updates', () => {
  it('finds documents added after a search, counts matches, and purges removed postings', () => {
    const index = new Bm25Index([{ name: 'title', weight: 2 }, { name: 'body', weight: 1 }]);
    for (let i = 0; i < 50; i += 1) index.add([`paper ${i} about topic${i % 5}`, `body text number ${i} graph`]);
    expect(index.searchTerms(index.terms('graph'), 5).total).toBe(50);
    const late = index.add(['Graph neural networks for molecules', 'message passing over molecular graphs']);
    expect(index.search('molecular graph neural', 3)[0]?.doc).toBe(late);
    for (let doc = 0; doc < 30; doc += 1) index.remove(doc);
    const after = index.searchTerms(index.terms('graph'), 100);
    expect(after.total).toBe(21);
    expect(after.hits.every((h) => h.doc >= 30)).toBe(true);
    expect(index.stats().documents).toBe(21);
    // Best first, ties broken by insertion order, and never more than asked.
    const top = index.search('body text', 4);
    expect(top).toHaveLength(4);
    expect(top.map((h) => h.score)).toEqual([...top.map((h) => h.score)].sort((a, b) => b - a));
  });
});
