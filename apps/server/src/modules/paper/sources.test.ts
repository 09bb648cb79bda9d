import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, envelopeSchema } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { rebuildAbstract } from './sources/openalex.source.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

/** A local peer speaking the recorded OpenAlex / Semantic Scholar responses; `mode` makes it slow or broken. */
function startPeer() {
  const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const state = { mode: 'ok' as 'ok' | 'slow' | 'fail' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    seen.push({ url: url.pathname + url.search, headers: req.headers });
    if (state.mode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal Server Error"}');
      return;
    }
    const send = (name: string) => {
      const reply = () => res.writeHead(200, { 'content-type': 'application/json' }).end(fixture(name));
      if (state.mode === 'slow') setTimeout(reply, 3500);
      else reply();
    };
    const p = url.pathname;
    const filter = url.searchParams.get('filter') ?? '';
    if (p === '/openalex/works/W2741809807') return send('openalex/work.json');
    if (p === '/openalex/works' && (filter.startsWith('openalex_id:') || filter.startsWith('cites:'))) return send('openalex/works-batch.json');
    if (p === '/openalex/works') return send('openalex/works-search.json');
    if (p === '/s2/graph/v1/paper/search') return send('semanticscholar/search.json');
    if (p === '/s2/graph/v1/paper/649def34f8be52c8b66281af98ae884c09aef38b') return send('semanticscholar/paper.json');
    if (p.endsWith('/references')) return send('semanticscholar/references.json');
    if (p.endsWith('/citations')) return send('semanticscholar/citations.json');
    if (p.startsWith('/s2/recommendations/v1/papers/forpaper/')) return send('semanticscholar/recommendations.json');
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  return { server, seen, state };
}

describe('remote paper sources on recorded responses', () => {
  const peer = startPeer();
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
    t = await createTestApp({ OPENALEX_URL: `${base}/openalex`, SEMANTIC_SCHOLAR_URL: `${base}/s2`, PAPER_SOURCE_TIMEOUT_MS: '1500' });
    admin = await makeUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => peer.server.close(resolve));
  });

  const setSource = (body: Record<string, string>) => callApi(t.app, api.adminSetPaperSource, { token: admin.token, body });

  it('rebuilds OpenAlex abstracts from the inverted index', () => {
    expect(rebuildAbstract({ world: [1], hello: [0], again: [3], '!': [2] })).toBe('hello world ! again');
  });

  it('lets only admins switch the source', async () => {
    const user = await makeUser(t.app);
    expect((await callApi(t.app, api.adminSetPaperSource, { token: user.token, body: { source: 'openalex' } })).status).toBe(403);
    expect((await callApi(t.app, api.adminPaperSource)).status).toBe(401);
    const bad = await setSource({ source: 'google' });
    expect(bad.status).toBe(400);
  });

  it('searches OpenAlex with filters, sort and paging, and shows a work with references, cited-by and related', async () => {
    expect((await setSource({ source: 'openalex' })).body.data.source).toBe('openalex');
    const res = await callApi(t.app, api.paperSearch, { query: { keyword: 'open access prevalence', year_from: '2015', year_to: '2020', type: 'journal', open_access: '1', sort: 'citations', page_no: '2', page_size: '2' } });
    expect(res.status).toBe(200);
    const data = envelopeSchema(api.paperSearch.response).parse(res.body).data;
    expect(data.source).toBe('openalex');
    expect(data.count).toBe(2);
    const first = data.lists[0]!;
    expect(first).toMatchObject({ id: 'openalex:W2741809807', source_id: 'W2741809807', year: 2018, citation_count: 1054, open_access: true, type: 'journal', venue: 'PeerJ' });
    expect(first.authors[0]).toBe('Heather Piwowar');
    expect(first.snippet).toContain('<mark>prevalence</mark>');
    const url = new URL(peer.seen.at(-1)!.url, 'http://peer');
    expect(url.searchParams.get('search')).toBe('open access prevalence');
    expect(url.searchParams.get('filter')).toBe('publication_year:2015-2020,primary_location.source.type:journal,is_oa:true');
    expect(url.searchParams.get('sort')).toBe('cited_by_count:desc');
    expect([url.searchParams.get('page'), url.searchParams.get('per_page')]).toEqual(['2', '2']);

    const detail = await callApi(t.app, api.paperDetail, { query: { id: 'openalex:W2741809807' } });
    const d = envelopeSchema(api.paperDetail.response).parse(detail.body).data;
    expect(d.abstract.startsWith('Despite growing interest in Open Access')).toBe(true);
    expect(d.doi).toBe('10.7717/peerj.4375');
    expect(d.pdf_url).toBe('https://peerj.com/articles/4375.pdf');
    expect(d.references.map((r) => r.id)).toEqual(['openalex:W1491283149', 'openalex:W1965040931']);
    expect(d.references[0]!.title).toContain('Open Access Advantage');
    expect(d.cited_by.length).toBe(3);
    expect(d.related.map((r) => r.id)).toEqual(['openalex:W1965040931', 'openalex:W2013140457']);
    expect(d.related[1]!.type).toBe('book_chapter');
    const gb = await callApi(t.app, api.paperCite, { query: { id: 'openalex:W2741809807', format: 'gbt7714' } });
    expect(gb.body.data.text).toBe('PIWOWAR H, PRIEM J, LARIVIÈRE V, et al. The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles[J]. PeerJ, 2018, 6: e4375. DOI:10.7717/peerj.4375.');
  });

  it('saves a remote paper as a favourite and serves the saved copy when the source is down', async () => {
    const user = await makeUser(t.app);
    const add = await callApi(t.app, api.paperFavorite, { token: user.token, body: { id: 'openalex:W2741809807' } });
    expect(add.status).toBe(200);
    const list = await callApi(t.app, api.paperFavorites, { token: user.token });
    expect(list.body.data.lists.map((l) => l.id)).toEqual(['openalex:W2741809807']);
    peer.state.mode = 'fail';
    try {
      const cite = await callApi(t.app, api.paperCite, { query: { id: 'openalex:W2741809807', format: 'apa' } });
      expect(cite.status).toBe(200);
      expect(cite.body.data.text).toContain('Piwowar, H., Priem, J.');
    } finally {
      peer.state.mode = 'ok';
    }
  });

  it('answers source_unavailable with 504 on a timeout and 502 on a server error, never 500', async () => {
    await setSource({ source: 'openalex' });
    peer.state.mode = 'slow';
    try {
      const slow = await callApi(t.app, api.paperSearch, { query: { keyword: 'open access' }, locale: 'en' });
      expect([slow.status, slow.body.code, slow.body.msg]).toEqual([504, 0, 'The paper source is unavailable right now, please try again later']);
      peer.state.mode = 'fail';
      const failed = await callApi(t.app, api.paperSearch, { query: { keyword: 'open access' }, locale: 'zh' });
      expect([failed.status, failed.body.msg]).toEqual([502, '论文检索源暂时不可用，请稍后再试']);
      const detail = await callApi(t.app, api.paperDetail, { query: { id: 'openalex:W999' }, locale: 'en' });
      expect(detail.status).toBe(502);
    } finally {
      peer.state.mode = 'ok';
    }
    const missing = await callApi(t.app, api.paperDetail, { query: { id: 'openalex:W999' }, locale: 'en' });
    expect([missing.status, missing.body.msg]).toEqual([404, 'Paper not found']);
  });

  it('searches Semantic Scholar with the API key header and shows references, citations and recommendations', async () => {
    const set = await setSource({ source: 'semanticscholar', semanticscholar_key: 'test-key-123' });
    expect(set.body.data).toMatchObject({ source: 'semanticscholar', semanticscholar_key_set: true });
    const got = await callApi(t.app, api.adminPaperSource, { token: admin.token });
    expect(JSON.stringify(got.body)).not.toContain('test-key-123');
    const res = await callApi(t.app, api.paperSearch, { query: { keyword: 'literature graph', year_from: '2010', type: 'conference', sort: 'newest' } });
    const data = envelopeSchema(api.paperSearch.response).parse(res.body).data;
    expect(data.count).toBe(2);
    expect(data.lists[0]).toMatchObject({ id: 's2:649def34f8be52c8b66281af98ae884c09aef38b', year: 2018, type: 'conference', citation_count: 453 });
    const sent = peer.seen.at(-1)!;
    expect(sent.headers['x-api-key']).toBe('test-key-123');
    const url = new URL(sent.url, 'http://peer');
    expect([url.searchParams.get('query'), url.searchParams.get('year'), url.searchParams.get('publicationTypes')]).toEqual(['literature graph', '2010-', 'Conference']);
    const detail = await callApi(t.app, api.paperDetail, { query: { id: 's2:649def34f8be52c8b66281af98ae884c09aef38b' } });
    const d = envelopeSchema(api.paperDetail.response).parse(detail.body).data;
    expect(d.doi).toBe('10.18653/v1/n18-3011');
    expect(d.references).toHaveLength(2);
    expect(d.references[0]!.id).toBe('s2:5432a99cdd9f8b248c50274cd3d2a6016f3d081e');
    expect(d.references[1]!.id).toBeNull();
    expect(d.cited_by[0]!.title).toBe('Organizing a search for an academic administrator.');
    expect(d.related).toHaveLength(1);
    const empty = await callApi(t.app, api.paperSearch, { query: { keyword: '' }, locale: 'en' });
    expect(empty.status).toBe(400);
    await setSource({ source: 'semanticscholar', semanticscholar_key: '' });
    await callApi(t.app, api.paperSearch, { query: { keyword: 'literature graph' } });
    expect(peer.seen.at(-1)!.headers['x-api-key']).toBeUndefined();
    await setSource({ source: 'local' });
  });
});
