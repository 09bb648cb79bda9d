import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { api, docItemSchema, docPageSchema } from '@xueba/contract';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { corpusFile, memberUser, uploadDocs } from '../../test/doc-fixture.js';

/** Upload → processing (the job runner driven here) → complete; listing, reading, renaming, deleting, quota, membership. */
describe('documents API', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    admin = (await makeUser(t.app, { role: 'admin' })).token;
    const member = await memberUser(t.app, admin);
    token = member.token;
    userId = member.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const drain = () => t.app.services.jobs.drain();

  /** Rows left for a document (or, for conversations and messages, for the user). */
  async function count(table: 'documents' | 'doc_pages' | 'doc_chunks' | 'jobs' | 'doc_conversations' | 'doc_messages', docId?: number): Promise<number> {
    const where =
      table === 'documents' ? sql`id = ${docId ?? -1}` : table === 'jobs' ? sql`ref = ${`document:${docId}`}` : table.startsWith('doc_conv') || table === 'doc_messages' ? sql`user_id = ${userId}` : sql`doc_id = ${docId ?? -1}`;
    const result = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(t.owned.ctx.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  it('uploads a two-column PDF, processes it in the background and serves its pages and file', async () => {
    const pdf = corpusFile('pdf/naacl2018_N18-3011.pdf');
    const up = await uploadDocs(t.app, token, [{ filename: 'naacl2018.pdf', data: pdf }], { locale: 'zh' });
    expect(up.status).toBe(200);
    expect(up.body.msg).toBe('文档已上传');
    const file = up.body.data.files[0]!;
    expect(file.ok).toBe(true);
    expect(file.doc).toMatchObject({ name: 'naacl2018.pdf', type: 'literature', format: 'pdf', status: 'processing', size: pdf.length });
    const id = file.doc!.id;

    expect(await drain()).toBe(1);
    const detail = await callApi(t.app, api.docDetail, { token, query: { id: String(id) } });
    expect(docItemSchema.parse(detail.body.data)).toMatchObject({ status: 'complete', pages: 8 });
    expect(detail.body.data.words).toBeGreaterThan(3000);

    const page = await callApi(t.app, api.docPage, { token, query: { id: String(id), page: '1' } });
    const parsed = docPageSchema.parse(page.body.data);
    expect(parsed.text).toContain('Construction of the Literature Graph in Semantic Scholar');
    expect(parsed.pages).toBe(8);

    const raw = await t.app.inject({ method: 'GET', url: `/api/doc/file?id=${id}`, headers: { token } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.rawPayload.equals(pdf)).toBe(true);

    // Owner only: another member sees neither the document nor its file.
    const other = await memberUser(t.app, admin);
    expect((await callApi(t.app, api.docDetail, { token: other.token, query: { id: String(id) } })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/doc/file?id=${id}`, headers: { token: other.token } })).statusCode).toBe(404);
  });

  it('lists with search, type filter and quota; renames', async () => {
    const up = await uploadDocs(t.app, token, [{ filename: 'notes-中文.txt', data: corpusFile('txt/textract_raw_text.txt') }], { type: 'research_report' });
    const id = up.body.data.files[0]!.doc!.id;
    await drain();
    const all = await callApi(t.app, api.docLists, { token });
    expect(all.body.data.count).toBeGreaterThanOrEqual(2);
    expect(all.body.data.quota.quota_bytes).toBe(500 * 1024 * 1024);
    expect(all.body.data.quota.used_bytes).toBeGreaterThan(174_000);
    const reports = await callApi(t.app, api.docLists, { token, query: { type: 'research_report' } });
    expect(reports.body.data.lists.map((d) => d.id)).toEqual([id]);
    const search = await callApi(t.app, api.docLists, { token, query: { keyword: '中文' } });
    expect(search.body.data.lists.map((d) => d.name)).toEqual(['notes-中文.txt']);

    const renamed = await callApi(t.app, api.docRename, { token, body: { id, name: '  Bo peep  ' }, locale: 'en' });
    expect(renamed.body).toMatchObject({ code: 1, show: 1, msg: 'Document renamed', data: { name: 'Bo peep' } });
    const empty = await callApi(t.app, api.docRename, { token, body: { id, name: '   ' }, locale: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Please enter a document name');
  });

  it('deletes a document with its file, pages, passages, jobs and conversations: nothing orphaned', async () => {
    const up = await uploadDocs(t.app, token, [{ filename: 'a.md', data: corpusFile('markdown/pdfminer.six_README.md') }]);
    const id = up.body.data.files[0]!.doc!.id;
    await drain();
    const key = [...t.storage.files.keys()].find((k) => k.endsWith('.md'))!;
    expect(key).toBeTruthy();
    expect(await count('doc_chunks', id)).toBeGreaterThan(0);
    const conversationsBefore = await count('doc_conversations');
    const ask = await t.app.inject({ method: 'POST', url: '/api/doc/chat', headers: { token, 'content-type': 'application/json' }, payload: JSON.stringify({ doc_ids: [id], question: 'How do I install pdfminer?' }) });
    expect(ask.statusCode).toBe(200);
    expect(await count('doc_conversations')).toBe(conversationsBefore + 1);

    const deleted = await callApi(t.app, api.docDelete, { token, body: { id }, locale: 'en' });
    expect(deleted.body).toMatchObject({ code: 1, msg: 'Document deleted' });
    expect(t.storage.files.has(key)).toBe(false);
    for (const table of ['documents', 'doc_pages', 'doc_chunks', 'jobs'] as const) expect(await count(table, id), table).toBe(0);
    expect(await count('doc_conversations')).toBe(conversationsBefore);
    const again = await callApi(t.app, api.docDelete, { token, body: { id }, locale: 'en' });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('Document not found');
  });

  it('needs the matching membership (spec §6) and a signed-in user', async () => {
    const plain = await makeUser(t.app);
    const refused = await uploadDocs(t.app, plain.token, [{ filename: 'x.txt', data: Buffer.from('hello world') }], { locale: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You are not a member yet, please become a member first');
    const literatureOnly = await memberUser(t.app, admin, ['literature']);
    const wrongKind = await uploadDocs(t.app, literatureOnly.token, [{ filename: 'x.txt', data: Buffer.from('hello world') }], { type: 'research_report', locale: 'zh' });
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.body.msg).toBe('您还不是会员，请先开通会员');
    const anonymous = await callApi(t.app, api.docLists);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(-1);
    const quota = await callApi(t.app, api.docQuota, { token: literatureOnly.token });
    expect(quota.body.data.memberships.literature).toMatchObject({ active: true, expires_at: null });
    expect(quota.body.data.memberships.research_report.active).toBe(false);
  });

  it('keeps a queued job across a restart and processes it afterwards', async () => {
    const up = await uploadDocs(t.app, token, [{ filename: 'survive.txt', data: Buffer.from('A queued document survives a restart of the server.') }]);
    const id = up.body.data.files[0]!.doc!.id;
    // A worker claims it and dies mid-way (its row stays 'running').
    const claimed = await t.app.services.jobs.claim();
    expect(claimed?.ref).toBe(`document:${id}`);
    expect(await t.app.services.jobs.claim()).toBeNull();
    // The next start of a runner (on PostgreSQL: once the heartbeat is stale) re-queues the dead worker's job, which then completes.
    t.clock.advance(5 * 60_000);
    expect(await t.app.services.jobs.requeueDead()).toBeGreaterThanOrEqual(1);
    expect(await drain()).toBe(1);
    const detail = await callApi(t.app, api.docDetail, { token, query: { id: String(id) } });
    expect(detail.body.data.status).toBe('complete');
  });
});
