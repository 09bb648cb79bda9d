import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { corpusLines, PAPERS } from '../../test/plagiarism-fixture.js';
import { CorpusIndex } from './corpus-index.js';
import { plagiarismEngine, type PlagiarismEngine } from './engine/index.js';
import { PlagiarismRunner } from './plagiarism-run.js';
import { PlagiarismRepository } from './plagiarism.repository.js';

/** A check whose alignment fails on its last attempt ends failed with its reason, and its charge comes back once. */
describe('plagiarism check failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No polling: the app's own lane leaves the job alone; the test runs it with an engine that breaks.
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    await t.app.services.papers.importer.importFiles([{ name: 'plag.jsonl', text: corpusLines(['soil']) }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails with a reason and refunds once', async () => {
    const u = await makeUser(t.app);
    const before = (await t.app.services.ledger.balances(u.user.id)).word_count!;
    const created = await callApi(t.app, api.plagiarismCreate, { token: u.token, body: { text: PAPERS.soil.text, scope: { corpus: true, library: false, history: false } } });
    const charged = created.body.data.charged;
    expect(charged).toBeGreaterThan(0);
    expect((await t.app.services.ledger.balances(u.user.id)).word_count).toBe(before - charged);

    const broken: PlagiarismEngine = {
      createIndex: () => plagiarismEngine.createIndex(),
      align: () => {
        throw new Error('alignment broke');
      },
    };
    const ctx = t.owned.ctx;
    const runner = new PlagiarismRunner(ctx, broken, new CorpusIndex(ctx, broken, new PlagiarismRepository()), t.app.services.ledger);
    const job = { lastAttempt: true, signal: new AbortController().signal, releaseSlot: async () => undefined } as unknown as Parameters<PlagiarismRunner['handle']>[1];
    await expect(runner.handle({ check_id: created.body.data.id }, job)).rejects.toThrow('alignment broke');

    const d = await callApi(t.app, api.plagiarismDetail, { token: u.token, query: { id: String(created.body.data.id) }, locale: 'en' });
    expect(d.body.data).toMatchObject({ status: 'failed', error: 'plagiarism_check_failed', error_msg: 'The check failed; the charge was refunded', report: null });
    expect((await t.app.services.ledger.balances(u.user.id)).word_count).toBe(before);
    // A second failure (a retried job, a delete) gives nothing more back.
    expect(await runner.fail(created.body.data.id, 'plagiarism_check_failed')).toBe(false);
    await callApi(t.app, api.plagiarismDelete, { token: u.token, body: { id: created.body.data.id } });
    expect((await t.app.services.ledger.balances(u.user.id)).word_count).toBe(before);
  });

  it('refunds a check deleted while it waits', async () => {
    const u = await makeUser(t.app);
    const before = (await t.app.services.ledger.balances(u.user.id)).word_count!;
    const created = await callApi(t.app, api.plagiarismCreate, { token: u.token, body: { text: PAPERS.soil.text } });
    expect(created.body.data.status).toBe('queued');
    await callApi(t.app, api.plagiarismDelete, { token: u.token, body: { id: created.body.data.id } });
    expect((await t.app.services.ledger.balances(u.user.id)).word_count).toBe(before);
    const jobs = await t.owned.ctx.db.selectFrom('jobs').select('id').where('ref', '=', `plagiarism:${created.body.data.id}`).execute();
    expect(jobs).toEqual([]);
  });
});
