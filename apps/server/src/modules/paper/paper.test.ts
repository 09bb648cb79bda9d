import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, envelopeSchema, paperInterpretEventSchema } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { HAS_SHARED_DATA, sharedFile } from './shared-data.js';


/** A paper citing a corpus paper by DOI and another by arXiv id, with hostile text in its abstract. */
function syntheticUnarxive(citedDoi: string, citedArxiv: string): string {
  return JSON.stringify({
    paper_id: '2299.00001',
    metadata: {
      id: '2299.00001',
      title: 'Synthetic survey of <b>markup</b> in abstracts',
      authors: 'Ada Lovelace, Alan Turing',
      abstract: 'We study <script>alert(1)</script> & "quotes" in community models for malicious content detection. Results show escaping works.',
      'journal-ref': null,
      doi: null,
      categories: 'cs.CL',
      versions: [{ version: 'v1', created: 'Mon, 1 Jan 2029 00:00:00 GMT' }],
      authors_parsed: [['Lovelace', 'Ada', ''], ['Turing', 'Alan', '']],
    },
    abstract: { text: '' },
    bib_entries: {
      a: { bib_entry_raw: 'I. Verhoeven et al. A (More) Realistic Evaluation Setup. NAACL Findings 2024.', ids: { doi: citedDoi, arxiv_id: '', open_alex_id: '' } },
      b: { bib_entry_raw: 'An arXiv paper.', ids: { doi: '', arxiv_id: citedArxiv, open_alex_id: 'https://openalex.org/W1' } },
      c: { bib_entry_raw: 'Unresolvable reference.', ids: { doi: '', arxiv_id: '', open_alex_id: '' } },
    },
  });
}

describe.skipIf(!HAS_SHARED_DATA)('paper search API on the shared corpus', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    const files = [sharedFile('papers', 'acl-family', 'naacl2024.json'), sharedFile('papers', 'unarxive-sample', 'arXiv_src_2212_086.jsonl')];
    const unarxive = fs.readFileSync(files[1]!, 'utf8').split('\n')[0]!;
    const arxivId = (JSON.parse(unarxive) as { paper_id: string }).paper_id;
    await t.app.services.papers.importer.importFiles([
      ...files.map((f) => ({ name: f, text: fs.readFileSync(f, 'utf8') })),
      { name: 'synthetic.jsonl', text: syntheticUnarxive('10.18653/v1/2024.findings-naacl.30', arxivId) },
    ]);
    admin = await makeUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (query: Record<string, string>, locale = 'en') => callApi(t.app, api.paperSearch, { query, locale });

  it('ranks a paper first for words of its title, with a marked, escaped snippet and the contract shape', async () => {
    const res = await search({ keyword: 'realistic evaluation generalisation community models malicious content' });
    expect(res.status).toBe(200);
    const parsed = envelopeSchema(api.paperSearch.response).parse(res.body);
    const first = parsed.data.lists[0]!;
    expect(first.source_id).toBe('2024.findings-naacl.30');
    expect(first.venue).toBe('Findings of NAACL 2024');
    expect(first.type).toBe('conference');
    expect(first.snippet).toContain('<mark>');
    expect(parsed.data.count).toBeGreaterThan(10);
    expect(parsed.data.source).toBe('merged');
    expect(parsed.data.skipped).toEqual([{ source: 'openalex', reason: 'unavailable' }]);
  });

  it('escapes every tag in snippets except the <mark> it adds', async () => {
    const res = await search({ keyword: 'escaping quotes script' });
    const item = res.body.data.lists.find((i) => i.source_id === '2299.00001')!;
    expect(item.snippet).toContain('&lt;<mark>script</mark>&gt;');
    expect(item.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('filters by year, type, venue and open access, and sorts by citations and newest', async () => {
    const short = await search({ keyword: 'language models', type: 'short', page_size: '50' });
    expect(short.body.data.lists.length).toBeGreaterThan(0);
    expect(short.body.data.lists.every((i) => i.type === 'short')).toBe(true);
    const venue = await search({ keyword: 'language models', venue: 'findings', page_size: '50' });
    expect(venue.body.data.lists.every((i) => i.venue.startsWith('Findings'))).toBe(true);
    const years = await search({ keyword: 'random polynomials zeros', year_from: '2022', year_to: '2023' });
    expect(years.body.data.lists.length).toBeGreaterThan(0);
    expect(years.body.data.lists.every((i) => i.year! >= 2022 && i.year! <= 2023)).toBe(true);
    const cited = await search({ keyword: 'translation', sort: 'citations', page_size: '20' });
    const counts = cited.body.data.lists.map((i) => i.citation_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const newest = await search({ keyword: 'translation', sort: 'newest', page_size: '20' });
    const ys = newest.body.data.lists.map((i) => i.year ?? 0);
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
    const closed = await search({ keyword: 'translation', open_access: '0' });
    expect(closed.body.data.count).toBe(0);
  });

  it('browses newest papers for an empty keyword and pages past the end to an empty list with the count', async () => {
    const browse = await search({ keyword: '', page_size: '5' });
    expect(browse.status).toBe(200);
    expect(browse.body.data.count).toBe(912 + 49 + 1);
    expect(browse.body.data.lists[0]!.year).toBe(2029);
    const beyond = await search({ keyword: 'translation', page_no: '500', page_size: '10' });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.lists).toEqual([]);
    expect(beyond.body.data.count).toBeGreaterThan(0);
  });

  it('refuses bad input with clear messages, never a 500', async () => {
    const long = await search({ keyword: 'a'.repeat(5000) });
    expect([long.status, long.body.msg]).toEqual([400, 'The search text may not exceed 500 characters']);
    const punct = await search({ keyword: '?!;:,.--()[]' }, 'zh');
    expect([punct.status, punct.body.msg]).toEqual([400, '检索词中没有可检索的词语，请输入关键词']);
    const type = await search({ keyword: 'bert', type: 'poem' });
    expect([type.status, type.body.msg]).toEqual([400, 'Invalid parameter: type']);
    const years = await search({ keyword: 'bert', year_from: '2024', year_to: '2020' });
    expect(years.status).toBe(400);
    const sql = await search({ keyword: "'; DROP TABLE papers; -- OR 1=1" });
    expect(sql.status).toBe(200);
    const venue = await search({ keyword: '', venue: "%' OR '1'='1" });
    expect([venue.status, venue.body.data.count]).toEqual([200, 0]);
    const still = await search({ keyword: '' });
    expect(still.body.data.count).toBeGreaterThan(900);
    const detail = await callApi(t.app, api.paperDetail, { query: { id: '99999999' }, locale: 'en' });
    expect([detail.status, detail.body.msg]).toEqual([404, 'Paper not found']);
    const junk = await callApi(t.app, api.paperDetail, { query: { id: '../../etc' }, locale: 'en' });
    expect([junk.status, junk.body.msg]).toEqual([400, 'Paper not found']);
  });

  it('searches a Chinese query with its dictionary English offline, and says so', async () => {
    const res = await search({ keyword: '机器翻译 低资源' }, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.data.also_searched).toBe('machine translation low-resource');
    expect(res.body.data.hint).toBeNull();
    expect(res.body.data.lists[0]!.snippet).toMatch(/<mark>(machine|translation|low)/i);
  });

  it('searches a Chinese query the dictionary does not know as typed, with a hint in the request locale', async () => {
    const res = await search({ keyword: '犇犇' }, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.data.also_searched).toBeNull();
    expect(res.body.data.hint).toContain('未配置模型');
  });

  it('shows detail with resolved references, cited-by and related papers', async () => {
    const found = await search({ keyword: 'synthetic survey markup abstracts' });
    const citing = found.body.data.lists[0]!;
    const detail = await callApi(t.app, api.paperDetail, { query: { id: citing.id } });
    const parsed = envelopeSchema(api.paperDetail.response).parse(detail.body).data;
    expect(parsed.references).toHaveLength(3);
    expect(parsed.references.filter((r) => r.id !== null)).toHaveLength(2);
    expect(parsed.references[2]!.id).toBeNull();
    expect(parsed.references[0]!.url).toBe('https://doi.org/10.18653/v1/2024.findings-naacl.30');
    const cited = await callApi(t.app, api.paperDetail, { query: { id: parsed.references[0]!.id! } });
    expect(cited.body.data.source_id).toBe('2024.findings-naacl.30');
    expect(cited.body.data.cited_by.map((c) => c.id)).toContain(citing.id);
    expect(cited.body.data.related.length).toBeGreaterThan(0);
    expect(cited.body.data.related.map((r) => r.id)).not.toContain(cited.body.data.id);
    expect(cited.body.data.pdf_url).toBe('https://aclanthology.org/2024.findings-naacl.30.pdf');
    expect(cited.body.data.open_access).toBe(true);
  });

  it('saves, lists and removes favourites; signed out is a login failure', async () => {
    const user = await makeUser(t.app);
    const id = (await search({ keyword: 'malicious content detection' })).body.data.lists[0]!.id;
    const out = await callApi(t.app, api.paperFavorite, { body: { id } });
    expect([out.status, out.body.code]).toEqual([401, -1]);
    const add = await callApi(t.app, api.paperFavorite, { body: { id }, token: user.token, locale: 'en' });
    expect([add.status, add.body.msg]).toEqual([200, 'Bookmark added']);
    await callApi(t.app, api.paperFavorite, { body: { id }, token: user.token });
    const list = await callApi(t.app, api.paperFavorites, { token: user.token });
    expect(envelopeSchema(api.paperFavorites.response).parse(list.body).data.count).toBe(1);
    expect((await callApi(t.app, api.paperDetail, { query: { id }, token: user.token })).body.data.is_favorite).toBe(true);
    await callApi(t.app, api.paperUnfavorite, { body: { id }, token: user.token });
    expect((await callApi(t.app, api.paperFavorites, { token: user.token })).body.data.count).toBe(0);
    const missing = await callApi(t.app, api.paperFavorite, { body: { id: '99999999' }, token: user.token });
    expect(missing.status).toBe(404);
  });

  it('exports citations in every format', async () => {
    const id = (await search({ keyword: 'realistic evaluation generalisation community models malicious' })).body.data.lists[0]!.id;
    for (const format of ['bibtex', 'ris', 'apa', 'mla', 'gbt7714']) {
      const res = await callApi(t.app, api.paperCite, { query: { id, format } });
      expect(res.status).toBe(200);
      expect(res.body.data.text.length).toBeGreaterThan(40);
    }
    const gb = await callApi(t.app, api.paperCite, { query: { id } });
    expect(gb.body.data.text).toContain('[C]//');
    const bad = await callApi(t.app, api.paperCite, { query: { id, format: 'chicago' } });
    expect(bad.status).toBe(400);
  });

  it('streams an offline interpretation with four sections and a notice', async () => {
    const id = (await search({ keyword: 'realistic evaluation generalisation community models malicious' })).body.data.lists[0]!.id;
    const res = await t.app.inject({ method: 'POST', url: '/api/paper/interpret', payload: { id }, headers: { 'accept-language': 'ja' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => paperInterpretEventSchema.parse(JSON.parse(l.slice(6))));
    expect(events[0]).toMatchObject({ type: 'start', by_model: false });
    expect(events.filter((e) => e.type === 'section').map((e) => (e.type === 'section' ? e.title : ''))).toEqual(['研究課題', '手法', '主な発見', '限界']);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/paper/interpret', payload: { id: '99999999' } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers an AI search offline with extracted keywords and [n] citations', async () => {
    const res = await callApi(t.app, api.paperAiSearch, {
      body: { question: 'How can we detect malicious content and hate speech on social media networks?' },
      locale: 'en',
    });
    expect(res.status).toBe(200);
    const data = envelopeSchema(api.paperAiSearch.response).parse(res.body).data;
    expect(data.keywords.length).toBeGreaterThan(1);
    expect(data.keywords.join(' ')).toMatch(/malicious|hate/);
    expect(data.answer).toContain('[1]');
    expect(data.by_model).toBe(false);
    expect(data.hint).toContain('No model is configured');
    const empty = await callApi(t.app, api.paperAiSearch, { body: { question: '   ' }, locale: 'en' });
    expect([empty.status, empty.body.msg]).toEqual([400, 'Please enter a question']);
  });

  it('re-imports idempotently through the admin upload and refuses unknown files', async () => {
    const multipart = (name: string, content: string) => {
      const boundary = '----xuebapaper';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`),
        Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token: admin.token, 'accept-language': 'en' } };
    };
    const s2 = fs.readFileSync(sharedFile('papers', 's2-sample', 'sample-S2-records.jsonl'), 'utf8');
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/paper/import', ...multipart('s2.jsonl', s2) });
    expect(first.statusCode).toBe(200);
    const one = envelopeSchema(await import('@xueba/contract').then((c) => c.paperImportResultSchema)).parse(first.json()).data;
    expect(one.inserted).toBe(92);
    expect(one.files[0]!.format).toBe('s2');
    const again = (await t.app.inject({ method: 'POST', url: '/api/admin/paper/import', ...multipart('s2.jsonl', s2) })).json() as { data: { inserted: number; updated: number }; msg: string };
    expect([again.data.inserted, again.data.updated, again.msg]).toEqual([0, 92, '92 papers imported']);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/paper/import', ...multipart('x.json', '{"hello": 1}') });
    expect([bad.statusCode, (bad.json() as { msg: string }).msg]).toEqual([400, 'Unrecognised file format: x.json']);
    const user = await makeUser(t.app);
    const denied = await t.app.inject({ method: 'POST', url: '/api/admin/paper/import', ...multipart('s2.jsonl', s2), headers: { ...multipart('s2.jsonl', s2).headers, token: user.token } });
    expect(denied.statusCode).toBe(403);
    const settings = await callApi(t.app, api.adminPaperSource, { token: admin.token });
    expect(settings.body.data.local_count).toBe(912 + 49 + 1 + 92);
  });
});
