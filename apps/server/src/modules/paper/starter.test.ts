import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { createTestApp, type TestApp, callApi } from '../../test/helpers.js';
import { parseCorpusFile } from './import/formats.js';
import { readStarterCorpus } from './import/starter.js';

describe('the shipped starter corpus', () => {
  it('holds the 6,019 ACL Anthology papers with Anthology fields only', async () => {
    const papers = await readStarterCorpus();
    expect(papers).toHaveLength(6019);
    expect(new Set(papers.map((p) => p.source_id)).size).toBe(6019);
    expect(papers.every((p) => p.title && p.abstract && p.url?.startsWith('https://aclanthology.org/'))).toBe(true);
    // No Google Scholar counts or compiler fields travel with it.
    expect(papers.every((p) => p.citation_count === 0 && p.bibtex === null && p.publisher === null)).toBe(true);
    const coling = papers.find((p) => p.source_id === '2022.coling-1.36')!;
    expect(coling).toMatchObject({ venue: 'COLING 2022', year: 2022, type: 'conference', pdf_url: 'https://aclanthology.org/2022.coling-1.36.pdf' });
    expect(papers.find((p) => p.source_id === '2024.naacl-long.1')?.doi).toBe('10.18653/v1/2024.naacl-long.1');
    expect(papers.find((p) => p.source_id.includes('-short.'))?.type).toBe('short');
  });

  it('names COLING 2022 by its Anthology id ("2022.coling-1.N") when importing the compilation', () => {
    const { papers } = parseCorpusFile(JSON.stringify([{ id: '2022.coling-1.5', title: 'T', track: 'main', bibtex: '@inproceedings{x, booktitle = "Proceedings of the 29th International Conference", year = "2022"}' }]));
    expect(papers[0]!.venue).toBe('COLING 2022');
  });

  it('is imported on start by default, but not under NODE_ENV=test unless asked', () => {
    const on = (vars: Record<string, string>) => {
      const env = loadEnv(vars);
      return env.PAPERS_STARTER ?? env.NODE_ENV !== 'test';
    };
    expect(on({ NODE_ENV: 'production' })).toBe(true);
    expect(on({ NODE_ENV: 'production', PAPERS_STARTER: '0' })).toBe(false);
    expect(on({ NODE_ENV: 'test' })).toBe(false);
    expect(on({ NODE_ENV: 'test', PAPERS_STARTER: '1' })).toBe(true);
  });
});

describe('a library started from the starter corpus', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<TestApp['app']['services']['papers']['importStarter']>>;
  beforeAll(async () => {
    t = await createTestApp({ PAPERS_STARTER: '1' });
    first = await t.app.services.papers.importStarter();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('imports once per database', async () => {
    expect(first).toEqual({ imported: 6019, skipped: null });
    expect(await t.app.services.papers.importStarter()).toEqual({ imported: 0, skipped: 'done' });
    expect(await t.app.services.papers.repo.countLocal()).toBe(6019);
  });

  it('finds machine-learning papers for 机器学习 without a model, and says what it also searched', async () => {
    const res = await callApi(t.app, api.paperSearch, { query: { keyword: '机器学习', page_size: '10' }, locale: 'zh' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.also_searched).toBe('machine learning');
    expect(data.hint).toBeNull();
    expect(data.count).toBeGreaterThan(50);
    for (const item of data.lists) expect(item.snippet.toLowerCase()).toMatch(/<mark>(machine|learning)/);
    expect(data.lists[0]!.title).toMatch(/machine learning/i);
    expect(data.lists.filter((i) => /machine learning/i.test(i.title)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('a library that already has papers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is left as it is', async () => {
    await t.app.services.papers.importer.importFiles([{ name: 'one.json', text: JSON.stringify([{ id: '2024.naacl-long.1', title: 'Own import', track: 'main', gs_citation: 12 }]) }]);
    expect(await t.app.services.papers.importStarter()).toEqual({ imported: 0, skipped: 'not_empty' });
    expect(await t.app.services.papers.repo.countLocal()).toBe(1);
    expect(await t.app.services.papers.importStarter()).toEqual({ imported: 0, skipped: 'done' });
  });
});
