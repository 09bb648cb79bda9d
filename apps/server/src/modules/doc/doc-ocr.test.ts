import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocItem, SiteSettings } from '@xueba/contract';
import { call, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { memberUser, uploadDocs } from '../../test/doc-fixture.js';
import { drawPage, scannedPdf } from '../../test/scan-fixture.js';

/**
 * Scans and page photos through the API (decision 0029): read by OCR in the
 * parse thread, "page x of y" in the list while they are read, the pages
 * counted against the admin's daily budget.
 */
describe('documents read by OCR', () => {
  let t: TestApp;
  let admin: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    admin = (await makeUser(t.app, { role: 'admin' })).token;
    token = (await memberUser(t.app, admin)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const detail = async (id: number) => (await call<DocItem>(t.app, 'GET', '/doc/detail', { token, query: { id: String(id) }, locale: 'en' })).body.data;

  async function setBudget(budget: SiteSettings['doc_ocr']): Promise<void> {
    const current = await call<SiteSettings>(t.app, 'GET', '/admin/settings', { token: admin });
    const saved = await call(t.app, 'POST', '/admin/settings', { token: admin, body: { ...current.body.data, doc_ocr: budget } });
    expect(saved.status).toBe(200);
  }

  it('reads a scanned PDF, showing the page being read in the list', async () => {
    const pdf = scannedPdf([{ image: drawPage(['Groundwater survey of the northern valley']) }, { image: drawPage(['Nitrate levels fell after the new wells']) }]);
    const up = await uploadDocs(t.app, token, [{ filename: 'survey-scan.pdf', data: pdf }]);
    const id = up.body.data.files[0]!.doc!.id;
    const seen: string[] = [];
    const draining = t.app.services.jobs.drain();
    let done = false;
    void draining.then(() => (done = true));
    while (!done) {
      const list = await call<{ lists: DocItem[] }>(t.app, 'GET', '/doc/lists', { token });
      const item = list.body.data.lists.find((d) => d.id === id);
      if (item?.progress) seen.push(`${item.progress.page}/${item.progress.pages}`);
      // Each look at the list is paced by its own query; between looks only one turn of the event loop is yielded, or the drain ends.
      await Promise.race([draining, new Promise((r) => setImmediate(r))]);
    }
    await draining;
    const doc = await detail(id);
    expect(doc).toMatchObject({ status: 'complete', pages: 2, progress: null });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => /^[12]\/2$/.test(s))).toBe(true);
    const page = await call<{ text: string }>(t.app, 'GET', '/doc/page', { token, query: { id: String(id), page: '2' } });
    expect(page.body.data.text.toLowerCase()).toContain('nitrate');
  }, 180_000);

  it('takes a JPEG photo of a page as a one-page document', async () => {
    const photo = drawPage(['Chapter three: sampling method']).jpeg;
    const up = await uploadDocs(t.app, token, [{ filename: 'page.jpg', data: photo }]);
    expect(up.body.data.files[0]).toMatchObject({ ok: true, doc: { format: 'image', status: 'processing' } });
    await t.app.services.jobs.drain();
    const doc = await detail(up.body.data.files[0]!.doc!.id);
    expect(doc).toMatchObject({ status: 'complete', format: 'image', pages: 1 });
  }, 120_000);

  it("fails a scan needing more pages than are left of today's budget, before reading any", async () => {
    // Three pages were read above; the user may read four a day.
    await setBudget({ pages_per_day: 1000, pages_per_user_per_day: 4 });
    const pdf = scannedPdf([{ image: drawPage(['first']) }, { image: drawPage(['second']) }]);
    const up = await uploadDocs(t.app, token, [{ filename: 'two-pages.pdf', data: pdf }]);
    await t.app.services.jobs.drain();
    expect(await detail(up.body.data.files[0]!.doc!.id)).toMatchObject({
      status: 'parse_failed',
      fail_reason: 'doc_ocr_budget_exceeded',
      fail_text: "Today's budget of scanned pages to read is used up; try again tomorrow",
    });
    await setBudget({ pages_per_day: 1000, pages_per_user_per_day: 300 });
  }, 60_000);
});
