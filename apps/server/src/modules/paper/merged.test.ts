import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, envelopeSchema } from '@xueba/contract';
import { createTestApp, type TestApp, callApi } from '../../test/helpers.js';
import { BREAKER_OPEN_MS } from './paper.service.js';
import { emptyRecord, type Paper } from './paper.types.js';
import { CircuitBreaker } from './sources/breaker.js';
import { dedupeKey, mergeResults } from './sources/merged.source.js';

const works = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/openalex/works-search.json'), 'utf8');

const paper = (id: string, title: string, extra: Partial<Paper> = {}): Paper => ({ ...emptyRecord('local', id, title), id, ...extra });

describe('circuit breaker', () => {
  it('opens after N consecutive failures, lets one probe through after M ms, and closes on its success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, openMs: 60_000, now: () => new Date(now) });
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect([breaker.state(), breaker.tryAcquire()]).toEqual(['closed', true]);
    breaker.failure();
    expect([breaker.state(), breaker.tryAcquire()]).toEqual(['open', false]);
    now += 59_999;
    expect(breaker.tryAcquire()).toBe(false);
    now += 1;
    expect(breaker.state()).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // one probe at a time
    breaker.failure(); // a failed probe rests the source again at once
    expect(breaker.state()).toBe('open');
    now += 60_000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.success();
    expect([breaker.state(), breaker.tryAcquire(), breaker.tryAcquire()]).toEqual(['closed', true, true]);
  });
});

describe('merging results', () => {
  it('drops a remote record of a paper already listed, by DOI or else by normalised title', () => {
    const local = [paper('1', 'Attention Is All You Need', { doi: '10.5555/ABC' }), paper('2', 'Open Access: a study')];
    // The remote copy of the second local paper ranks first there: the local copy still wins.
    const remote = [
      paper('openalex:W2', 'Open access — A STUDY', { source: 'openalex' }),
      paper('openalex:W1', 'Attention is all you need!', { doi: 'https://doi.org/10.5555/abc', source: 'openalex' }),
      paper('openalex:W3', 'Something else', { source: 'openalex' }),
    ];
    expect(dedupeKey(remote[1]!)).toBe('doi:10.5555/abc');
    const merged = mergeResults([local, remote], 'relevance');
    expect(merged.papers.map((p) => p.id)).toEqual(['1', 'openalex:W3', '2']);
    expect(merged.duplicates).toBe(2);
    const byCitations = mergeResults([local, [paper('openalex:W4', 'Cited', { citation_count: 9, source: 'openalex' })]], 'citations');
    expect(byCitations.papers[0]!.id).toBe('openalex:W4');
  });
});

describe('the merged source (the default) against a local OpenAlex peer', () => {
  const state = { mode: 'ok' as 'ok' | 'slow' | 'fail', calls: 0 };
  const server = http.createServer((req, res) => {
    state.calls += 1;
    if (state.mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    const reply = () => res.writeHead(200, { 'content-type': 'application/json' }).end(works);
    if (state.mode === 'slow') setTimeout(reply, 3000);
    else reply();
  });
  let t: TestApp;
  const search = async (keyword: string) => {
    const started = performance.now();
    const res = await callApi(t.app, api.paperSearch, { query: { keyword }, locale: 'en' });
    expect(res.status).toBe(200);
    return { data: envelopeSchema(api.paperSearch.response).parse(res.body).data, ms: performance.now() - started };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ OPENALEX_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, PAPER_REMOTE_DEADLINE_MS: '400' });
    const bib = (doi: string) => `@inproceedings{x, doi = "${doi}", year = "2018"}`;
    await t.app.services.papers.importer.importFiles([
      {
        name: 'local.json',
        text: JSON.stringify([
          // The same paper as the first OpenAlex result (same DOI, other title casing).
          { id: '2018.local-long.1', title: 'The State of OA: A Large-Scale Analysis of the Prevalence and Impact of Open Access Articles', abstract: 'Open access prevalence.', bibtex: bib('10.7717/PEERJ.4375'), track: 'main' },
          { id: '2018.local-long.2', title: 'Open access repositories in practice', abstract: 'How open access repositories are run.', track: 'main' },
        ]),
      },
    ]);
    await t.app.services.papers.index.ready();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is the default and merges local and OpenAlex results without duplicates', async () => {
    const settings = await t.app.services.papers.sourceSettings();
    expect(settings.source).toBe('merged');
    const { data } = await search('open access');
    expect(data.source).toBe('merged');
    expect(data.skipped).toEqual([]);
    // Alternating, local first; OpenAlex's first work is the local paper by DOI and is dropped.
    expect(data.lists.map((i) => i.source)).toEqual(['local', 'openalex', 'local']);
    expect(data.lists.map((i) => i.source_id).sort()).toEqual(['2018.local-long.1', '2018.local-long.2', 'W1491283149']);
    expect(data.count).toBe(3);
  });

  it('answers with the local results within the deadline when OpenAlex is slow, and says it was skipped', async () => {
    state.mode = 'slow';
    try {
      const { data, ms } = await search('open access');
      expect(data.skipped).toEqual([{ source: 'openalex', reason: 'timeout' }]);
      expect(data.lists.map((i) => i.source_id).sort()).toEqual(['2018.local-long.1', '2018.local-long.2']);
      expect(ms).toBeLessThan(1500);
    } finally {
      state.mode = 'ok';
      t.app.services.papers.breaker.success();
    }
  });

  it('rests OpenAlex after three failures, then probes it after a minute and merges again', async () => {
    state.mode = 'fail';
    for (let i = 0; i < 3; i += 1) expect((await search('open access')).data.skipped).toEqual([{ source: 'openalex', reason: 'unavailable' }]);
    const calls = state.calls;
    const rested = await search('open access');
    expect(rested.data.skipped).toEqual([{ source: 'openalex', reason: 'resting' }]);
    expect(rested.data.lists).toHaveLength(2);
    expect(state.calls).toBe(calls); // not asked while resting
    state.mode = 'ok';
    t.clock.advance(BREAKER_OPEN_MS - 1000);
    expect((await search('open access')).data.skipped).toEqual([{ source: 'openalex', reason: 'resting' }]);
    t.clock.advance(1000);
    const probed = await search('open access');
    expect(probed.data.skipped).toEqual([]);
    expect(probed.data.lists).toHaveLength(3);
    expect(t.app.services.papers.breaker.state()).toBe('closed');
  });

  it('skips an unreachable OpenAlex as unavailable, and keeps the admin’s explicit local choice', async () => {
    const admin = await t.app.services.papers.setSource('local', undefined);
    expect(admin.source).toBe('local');
    const local = await search('open access');
    expect([local.data.source, local.data.skipped, local.data.lists.length]).toEqual(['local', [], 2]);
    await t.app.services.papers.setSource('merged', undefined);
  });
});

describe('the merged source with OpenAlex down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty library at once with the reason, never an error', async () => {
    const started = performance.now();
    const res = await callApi(t.app, api.paperSearch, { query: { keyword: 'parsing' }, locale: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.data.skipped).toEqual([{ source: 'openalex', reason: 'unavailable' }]);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
