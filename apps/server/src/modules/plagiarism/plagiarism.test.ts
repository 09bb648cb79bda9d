import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PLAGIARISM_MAX_CHARS } from '@xueba/contract';
import { call, callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { completeDoc, memberUser, multipart } from '../../test/doc-fixture.js';
import { CHECKED, corpusLines, PAPERS, waitDone } from '../../test/plagiarism-fixture.js';
import { drawPage, scannedPdf } from '../../test/scan-fixture.js';

/** Checks end to end through the API: the report of a text copied from the corpus, pricing, sharing, downloads, and each bad input. */
describe('plagiarism checks', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '20' });
    admin = (await makeUser(t.app, { role: 'admin' })).token;
    await t.app.services.papers.importer.importFiles([{ name: 'plag.jsonl', text: corpusLines() }]);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string, body: Record<string, unknown>) => call<{ id: number; status: string; charged: number; included: boolean; chars: number }>(t.app, 'POST', '/plagiarism/create', { token, body, locale: 'en' });
  const wordCount = async (userId: number) => (await t.app.services.ledger.balances(userId)).word_count ?? 0;

  it('finds both copied abstracts and the quoted one, marks the quotation and the reference list, and gives every ratio', async () => {
    const u = await makeUser(t.app);
    const res = await create(u.token, { text: CHECKED, scope: { corpus: true, library: false, history: false } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('queued');
    const d = await waitDone(t, u.token, res.body.data.id);
    expect(d.status).toBe('done');
    const r = d.report!;
    const titles = r.sources.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining([PAPERS.soil.title, PAPERS.bridges.title, PAPERS.sleep.title]));
    expect(r.sources.every((s) => s.kind === 'paper' && /^\/academic_search\/detail\/\d+$/.test(s.link ?? ''))).toBe(true);
    // The quotation holds the whole sleep abstract: its passage is quoted, and the quote-excluded ratio leaves it out.
    const sleep = r.passages.find((p) => r.sources[p.source]!.title === PAPERS.sleep.title)!;
    expect(sleep.quoted).toBe(true);
    expect(r.quotes.some(([s, e]) => s <= sleep.start && e >= sleep.end)).toBe(true);
    const soil = r.passages.find((p) => r.sources[p.source]!.title === PAPERS.soil.title)!;
    expect(soil.quoted).toBe(false);
    expect(d.text.slice(soil.start, soil.end)).toContain('soil organic carbon');
    expect(soil.source_text.slice(soil.source_start, soil.source_end)).toContain('soil organic carbon');
    expect(soil.marks.length).toBeGreaterThan(0);
    expect(r.total_ratio).toBeGreaterThan(0.6);
    expect(r.ratio_excluding_quotes).toBeLessThan(r.total_ratio - 0.15);
    expect(r.ratio_excluding_quotes).toBeGreaterThan(0.4);
    expect(r.largest_source_ratio).toBe(r.sources[0]!.ratio);
    expect(r.largest_source_ratio).toBeLessThan(r.total_ratio);
    expect(r.references).not.toBeNull();
    expect(d.text.slice(r.references![0], r.references![1])).toMatch(/^## References\n\[1\]/);
    expect(r.only_references).toBe(false);
    const names = r.sections.map((s) => s.title);
    expect(names).toEqual(['Farming, bridges and sleep', '1 Soil', '2 Bridges', '3 Sleep', 'References']);
    expect(r.sections[1]!.ratio).toBeGreaterThan(0.9);
    expect(r.sections[0]!.ratio).toBeLessThan(0.3);
    expect(r.chars).toBe(d.chars);
  });

  it('charges per started 1,000 characters once, and lists the check with its ratio after a reload', async () => {
    const u = await makeUser(t.app);
    const before = await wordCount(u.user.id);
    const text = `${PAPERS.zh.text}\n${'这是作者自己写的一句话，用来凑足字数。'.repeat(60)}`;
    const res = await create(u.token, { text });
    const chars = res.body.data.chars;
    const settings = await callApi(t.app, api.adminPlagiarismSettings, { token: admin });
    const cost = Math.ceil(chars / 1000) * settings.body.data.price_per_thousand;
    expect(cost).toBeGreaterThan(0);
    expect(res.body.data.charged).toBe(cost);
    expect(await wordCount(u.user.id)).toBe(before - cost);
    const d = await waitDone(t, u.token, res.body.data.id);
    expect(d.report!.sources.map((s) => s.title)).toContain(PAPERS.zh.title);
    const list = await callApi(t.app, api.plagiarismList, { token: u.token, query: { page_no: '1', page_size: '10' } });
    expect(list.body.data.lists[0]).toMatchObject({ id: res.body.data.id, status: 'done', progress: 100, charged: cost });
    expect(list.body.data.lists[0]!.total_ratio).toBeGreaterThan(0);
    expect(await wordCount(u.user.id)).toBe(before - cost);
  });

  it('refuses an empty text and one over the limit, naming the limit, without charging', async () => {
    const u = await makeUser(t.app);
    const before = await wordCount(u.user.id);
    for (const text of ['', '   \n\t  ']) {
      const res = await create(u.token, { text });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('plagiarism_text_empty');
    }
    const long = await create(u.token, { text: '研'.repeat(300_000) });
    expect(long.status).toBe(400);
    expect(long.body.key).toBe('plagiarism_text_too_long');
    expect(long.body.msg).toContain(String(PLAGIARISM_MAX_CHARS));
    expect(long.body.msg).toContain('300000');
    const none = await create(u.token, { text: 'Some text', scope: { corpus: false, library: false, history: false } });
    expect(none.body.key).toBe('plagiarism_scope_empty');
    expect(await wordCount(u.user.id)).toBe(before);
  });

  it('checks a text that is only a reference list: found as such, nothing copied outside it', async () => {
    const u = await makeUser(t.app);
    const refs = [
      '参考文献',
      '[1] 王强, 李明. 城市绿地对居民心理健康的影响[J]. 城市规划, 2020, 44(3): 12-20.',
      '[2] Smith J, Lee K. Cover crops and soil organic carbon on working farms[J]. Soil Science, 2021, 12(3): 45-67.',
      '[3] Zhang W. Fatigue cracking in welded steel bridge decks[J]. Bridge Engineering, 2019, 8: 1-20.',
      '[4] Brown A, et al. Screen time and sleep quality in university students. Sleep, 2018, 41(2).',
    ].join('\n');
    const res = await create(u.token, { text: refs });
    const d = await waitDone(t, u.token, res.body.data.id);
    expect(d.status).toBe('done');
    expect(d.report!.only_references).toBe(true);
    expect(d.report!.references).toEqual([0, d.text.length]);
    expect(d.report!.ratio_excluding_references).toBe(0);
  });

  it('checks Thai text (no spaces, no CJK) and finds the copied passage', async () => {
    const u = await makeUser(t.app);
    const res = await create(u.token, { text: `บทนำ\n${PAPERS.thai.text}\nข้อความนี้เขียนขึ้นเองเพื่อทดสอบ` });
    const d = await waitDone(t, u.token, res.body.data.id);
    expect(d.status).toBe('done');
    expect(d.report!.sources.map((s) => s.title)).toContain(PAPERS.thai.title);
    expect(d.report!.total_ratio).toBeGreaterThan(0.8);
  });

  it('runs two checks of the same text at once: both complete with the same report, each charged once', async () => {
    const u = await makeUser(t.app);
    const before = await wordCount(u.user.id);
    const [a, b] = await Promise.all([create(u.token, { text: CHECKED }), create(u.token, { text: CHECKED })]);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    const [da, db] = await Promise.all([waitDone(t, u.token, a.body.data.id), waitDone(t, u.token, b.body.data.id)]);
    expect(da.status).toBe('done');
    expect(db.status).toBe('done');
    expect(db.report!.total_ratio).toBe(da.report!.total_ratio);
    expect(await wordCount(u.user.id)).toBe(before - a.body.data.charged - b.body.data.charged);
    // The same client key twice (a double click) is one check.
    const [c, c2] = await Promise.all([create(u.token, { text: CHECKED, client_key: 'double-click-1' }), create(u.token, { text: CHECKED, client_key: 'double-click-1' })]);
    expect(c2.body.data.id).toBe(c.body.data.id);
    await waitDone(t, u.token, c.body.data.id);
    expect(await wordCount(u.user.id)).toBe(before - 3 * a.body.data.charged);
  });

  it('still checks against the corpus while it is being re-imported', async () => {
    const u = await makeUser(t.app);
    const many = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ _id: `bulk-${i}`, title: `Bulk paper ${i}`, text: `Filler abstract number ${i} about nothing in particular, written for volume.`, metadata: {} })).join('\n');
    const reimport = t.app.services.papers.importer.importFiles([{ name: 'bulk.jsonl', text: `${many}\n${corpusLines()}` }]);
    const res = await create(u.token, { text: CHECKED, scope: { corpus: true, library: false, history: false } });
    const d = await waitDone(t, u.token, res.body.data.id);
    await reimport;
    expect(d.status).toBe('done');
    expect(d.report!.sources.map((s) => s.title)).toEqual(expect.arrayContaining([PAPERS.soil.title, PAPERS.bridges.title]));
  });

  it("compares with the user's own documents and earlier checks, never with another user's", async () => {
    const owner = await memberUser(t.app, admin);
    const other = await memberUser(t.app, admin);
    const mine = 'My own lab notebook records that the pilot reactor ran for nine hundred hours at a steady four hundred degrees before the first catalyst bed had to be replaced, which is far longer than the vendor promised.';
    const theirs = 'A stranger wrote this private memo about migrating seabirds that return to the same cliff ledges every spring, pairing for life and sharing the incubation of a single egg over forty days.';
    await completeDoc(t, owner.token, 'notebook.txt', Buffer.from(mine));
    await completeDoc(t, other.token, 'memo.txt', Buffer.from(theirs));
    const first = await create(owner.token, { text: `${mine}\n\n${theirs}`, scope: { corpus: false, library: true, history: false } });
    const d = await waitDone(t, owner.token, first.body.data.id);
    expect(d.report!.sources).toEqual([expect.objectContaining({ kind: 'document', title: 'notebook.txt' })]);
    expect(JSON.stringify(d.report)).not.toContain('seabirds that return');
    const earlier = await create(owner.token, { text: `Earlier draft.\n${PAPERS.bridges.text.replace('steel', 'iron')} and more of our own closing words.`, scope: { corpus: false, library: false, history: true } });
    await waitDone(t, owner.token, earlier.body.data.id);
    const later = await create(owner.token, { text: `Later draft.\n${PAPERS.bridges.text}`, scope: { corpus: false, library: false, history: true } });
    const dl = await waitDone(t, owner.token, later.body.data.id);
    expect(dl.report!.sources).toEqual([expect.objectContaining({ kind: 'check', link: `/paper/check/${earlier.body.data.id}` })]);
    const foreign = await callApi(t.app, api.plagiarismDetail, { token: other.token, query: { id: String(later.body.data.id) } });
    expect(foreign.status).toBe(404);
  });

  it('refuses a scanned PDF with a message that says why, and extracts the text of a txt file', async () => {
    const u = await makeUser(t.app);
    const pdf = scannedPdf([{ image: drawPage(['Groundwater survey of the northern valley']) }]);
    const upload = (filename: string, data: Buffer) => {
      const body = multipart([{ name: 'file', filename, data }]);
      return t.app.inject({ method: 'POST', url: '/api/plagiarism/extract', headers: { 'content-type': body.contentType, token: u.token, 'accept-language': 'en' }, payload: body.payload });
    };
    const scanned = await upload('scan.pdf', pdf);
    expect(scanned.statusCode).toBe(422);
    expect(scanned.json()).toMatchObject({ key: 'plagiarism_scanned_pdf' });
    expect(scanned.json().msg).toContain('no text layer');
    const txt = await upload('essay.txt', Buffer.from(CHECKED));
    expect(txt.statusCode).toBe(200);
    expect(txt.json().data).toMatchObject({ filename: 'essay.txt', text: CHECKED });
    const picture = await upload('photo.png', drawPage(['A photo']).jpeg);
    expect(picture.json()).toMatchObject({ key: 'plagiarism_file_type' });
  });

  it('shares the report by a revocable link and downloads it as escaped HTML and as PDF', async () => {
    const u = await makeUser(t.app);
    const res = await create(u.token, { text: `<script>alert(1)</script>\n${PAPERS.soil.text}`, title: 'Essay <b>one</b>' });
    await waitDone(t, u.token, res.body.data.id);
    const html = await t.app.inject({ method: 'GET', url: `/api/plagiarism/export?id=${res.body.data.id}&format=html`, headers: { token: u.token, 'accept-language': 'zh' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).not.toContain('<script>');
    expect(html.body).toContain('&lt;script&gt;');
    expect(html.body).toContain('总文字复制比');
    expect(html.body).toContain(PAPERS.soil.title);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/plagiarism/export?id=${res.body.data.id}&format=pdf`, headers: { token: u.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const share = await callApi(t.app, api.plagiarismShare, { token: u.token, body: { id: res.body.data.id } });
    const token = share.body.data.token;
    expect(share.body.data.path).toBe(`/paper/check/shared?token=${token}`);
    const row = await t.owned.ctx.db.selectFrom('plagiarism_checks').select('share_hash').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.share_hash).not.toBe(token);
    const shared = await callApi(t.app, api.plagiarismShared, { query: { token } });
    expect(shared.body.data).toMatchObject({ title: 'Essay <b>one</b>' });
    expect(shared.body.data.report.sources[0]!.title).toBe(PAPERS.soil.title);
    expect(JSON.stringify(shared.body.data)).not.toContain(u.user.email ?? '@');
    const sharedPdf = await t.app.inject({ method: 'GET', url: `/api/plagiarism/shared/export?token=${token}&format=pdf` });
    expect(sharedPdf.statusCode).toBe(200);
    await callApi(t.app, api.plagiarismShareRevoke, { token: u.token, body: { id: res.body.data.id } });
    const gone = await call(t.app, 'GET', '/plagiarism/shared', { query: { token } });
    expect(gone.status).toBe(404);
    expect(gone.body.key).toBe('plagiarism_share_invalid');
  });

  it('includes checks in the paper membership up to the monthly allowance the admin sets; only admins set it', async () => {
    const u = await makeUser(t.app);
    const refused = await call(t.app, 'POST', '/admin/plagiarism/settings', { token: u.token, body: { is_open: true, price_per_thousand: 1, member_kinds: [], member_chars_per_month: 0 } });
    expect(refused.status).toBe(403);
    const saved = await callApi(t.app, api.adminPlagiarismSettingsSave, { token: admin, body: { is_open: true, price_per_thousand: 50, member_kinds: ['paper'], member_chars_per_month: 400 } });
    expect(saved.body.data.price_per_thousand).toBe(50);
    const granted = await call(t.app, 'POST', '/admin/user/membership', { token: admin, body: { user_id: u.user.id, kind: 'paper', level: 'vip', months: 1 } });
    expect(granted.status).toBe(200);
    const before = await wordCount(u.user.id);
    const opts = await callApi(t.app, api.plagiarismOptions, { token: u.token });
    expect(opts.body.data).toMatchObject({ member: true, member_chars_left: 400, price_per_thousand: 50 });
    const free = await create(u.token, { text: PAPERS.soil.text });
    expect(free.body.data).toMatchObject({ charged: 0, included: true });
    // The second goes over the month's 400 characters: paid at the price.
    const paid = await create(u.token, { text: PAPERS.bridges.text });
    expect(paid.body.data).toMatchObject({ charged: 50, included: false });
    expect(await wordCount(u.user.id)).toBe(before - 50);
    await callApi(t.app, api.adminPlagiarismSettingsSave, { token: admin, body: { is_open: true, price_per_thousand: 100, member_kinds: ['paper'], member_chars_per_month: 200_000 } });
  });

  it('deletes a check; a waiting one is refunded', async () => {
    const u = await makeUser(t.app);
    const res = await create(u.token, { text: PAPERS.sleep.text });
    await waitDone(t, u.token, res.body.data.id);
    const del = await callApi(t.app, api.plagiarismDelete, { token: u.token, body: { id: res.body.data.id } });
    expect(del.status).toBe(200);
    const after = await call(t.app, 'GET', '/plagiarism/detail', { token: u.token, query: { id: String(res.body.data.id) } });
    expect(after.status).toBe(404);
  });
});
