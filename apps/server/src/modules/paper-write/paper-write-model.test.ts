import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { listen, stream, until } from '../../test/sse-client.js';
import { frameOf, frames, importPapers, newProject, paperIds, withSources } from '../../test/paper-write-fixture.js';

/** Paper writing with a model (a local OpenAI-compatible server): outline, drafting with the citation check, polish, metering, failure, reload. */
describe('paper writing with a model', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let base: string;
  let admin: string;
  let ids: string[];
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    t = await createTestApp({ AI_BASE_URL: fake.url, AI_MODELS: 'writer', JOBS_POLL_MS: '0' });
    base = await listen(t.app);
    admin = (await makeUser(t.app, { role: 'admin' })).token;
    await importPapers(t);
    ids = await paperIds(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A user with no word counts (a signup gift may have given some), or exactly `words`. */
  const userWith = async (words: number) => {
    const u = await makeUser(t.app);
    const gift = (await t.app.services.userInfo.get(u.user.id))?.balance.word_count ?? 0;
    if (gift !== words) await t.app.services.ledger.apply([{ userId: u.user.id, asset: 'word_count', delta: words - gift, reason: 'test', refType: 'test' }]);
    return u;
  };

  it('takes a [42] out of a 10-item bibliography before it is shown, in the frames and in the saved text', async () => {
    const u = await userWith(0);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids);
    const key = p.outline[0]!.key;
    fake.next({ chunks: ['Graph networks learn from molecules [1]. Pretraining helps [4', '2], as does attention [3, 4', '2]. Benchmarks [10] matter', ' [99].'] });
    const res = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect(res.status).toBe(200);
    const all = frames(res);
    expect(all[0]).toMatchObject({ type: 'start', task: 'draft', section: key, by_model: true, model: 'env:writer' });
    const shown = all.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(shown).not.toMatch(/\[4\s*2\]|42|99/);
    expect(shown).toBe('Graph networks learn from molecules [1]. Pretraining helps, as does attention [3]. Benchmarks [10] matter.');
    expect(all.filter((e) => e.type === 'citation').map((e) => (e.type === 'citation' ? [e.invalid, e.max] : null))).toEqual([[[42], 10], [[99], 10]]);
    const section = frameOf(res, 'section').section;
    expect(section).toMatchObject({ status: 'done', by_model: true, text: shown, invalid_citations: [42, 99], notice: 'paper_write_citations_removed' });
    expect(section.notice_msg).toBe('Citations that point to nothing in the bibliography were taken out: [42], [99]');
    // With no price of its own set by the admin, a generation costs what the chat model's answer costs.
    expect(all.at(-1)).toMatchObject({ type: 'end', status: 'done', charged: { asset: 'conversation_count', amount: 1 } });
    const stored = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(stored.drafts[0]).toMatchObject({ text: shown, status: 'done', revision: 1 });
    // The prompt numbers the whole bibliography and states the rule the check enforces.
    const prompt = fake.requests.at(-1)!.messages;
    expect(prompt[0]!.content).toContain('never use a number outside the list (it has 10 items)');
    expect(prompt[1]!.content).toContain('[10] Ying Chengxuan, Tie-Yan Liu (2021). Graph transformers for molecules.');
    expect(prompt[1]!.content).toContain('Section: 1 Introduction');
  });

  it('charges the words written at the admin price through the ledger, once per generation; the paper membership pays nothing', async () => {
    await callApi(t.app, api.adminSetPaperWriteConfig, { token: admin, body: { is_open: true, price: 100 } });
    try {
      const broke = await userWith(0);
      const p0 = await newProject(t, broke.token);
      await withSources(t, broke.token, p0.id, ids.slice(0, 2));
      const refused = await stream(base, '/paper/write/section/draft', { id: p0.id, section: p0.outline[0]!.key }, { token: broke.token, locale: 'en' });
      expect([refused.status, refused.json?.msg]).toEqual([402, 'Insufficient word balance']);
      expect((await callApi(t.app, api.paperWriteDetail, { token: broke.token, query: { id: String(p0.id) } })).body.data.drafts[0]!.status).toBe('empty');

      const u = await userWith(1000);
      const p = await newProject(t, u.token);
      await withSources(t, u.token, p.id, ids.slice(0, 2));
      const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
      fake.next({ chunks: [`${words} [1].`] });
      const paid = await stream(base, '/paper/write/section/draft', { id: p.id, section: p.outline[1]!.key }, { token: u.token, locale: 'en' });
      const end = frames(paid).at(-1);
      if (end?.type !== 'end') throw new Error(paid.text);
      expect(end.charged).toEqual({ asset: 'word_count', amount: Math.ceil((end.usage.words * 100) / 1000) });
      expect(end.balance?.word_count).toBe(1000 - end.charged!.amount);
      const ledger = await t.owned.ctx.db.selectFrom('ledger').selectAll().where('user_id', '=', u.user.id).where('reason', '=', 'paper_write_output').execute();
      expect(ledger).toHaveLength(1);
      expect([ledger[0]!.ref_type, Number(ledger[0]!.delta)]).toEqual(['paper_write', -end.charged!.amount]);
      const generation = await t.owned.ctx.db.selectFrom('paper_write_generations').selectAll().where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
      expect(ledger[0]!.idempotency_key).toBe(`paper_write:generation:${generation.id}`);
      expect(generation).toMatchObject({ status: 'done', charged: end.charged!.amount, charged_asset: 'word_count', task: 'draft' });

      const member = await userWith(0);
      expect((await callApi(t.app, api.setMembership, { token: admin, body: { user_id: member.user.id, kind: 'paper', level: 'vip', months: 1 } })).status).toBe(200);
      expect((await callApi(t.app, api.paperWriteOptions, { token: member.token })).body.data.member).toBe(true);
      const pm = await newProject(t, member.token);
      await withSources(t, member.token, pm.id, ids.slice(0, 2));
      fake.next({ chunks: [`${words} [2].`] });
      const free = await stream(base, '/paper/write/section/draft', { id: pm.id, section: pm.outline[0]!.key }, { token: member.token, locale: 'en' });
      expect(frames(free).at(-1)).toMatchObject({ type: 'end', status: 'done', charged: null });
    } finally {
      await callApi(t.app, api.adminSetPaperWriteConfig, { token: admin, body: { is_open: true, price: 0 } });
    }
  });

  it('fails a section the model wrote nothing for, with the reason and no charge, and keeps earlier text', async () => {
    const u = await userWith(0);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids.slice(0, 3));
    const key = p.outline[2]!.key;
    fake.next({ status: 500, error: { message: 'boom', type: 'server_error', code: null } });
    const failed = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect(frames(failed).map((e) => e.type)).toEqual(['start', 'section', 'error']);
    expect(frameOf(failed, 'section').section).toMatchObject({ status: 'failed', text: '' });
    expect(frameOf(failed, 'section').section.notice).not.toBeNull();
    expect(frameOf(failed, 'error').charged).toBeNull();

    await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: 0, text: 'My own words [1].' } });
    fake.next({ status: 500, error: { message: 'boom', type: 'server_error', code: null } });
    const again = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect(frameOf(again, 'section').section).toMatchObject({ status: 'done', text: 'My own words [1].', revision: 1 });
  });

  it('keeps writing a section when the page is closed, shows it generating to a reload, refuses a second run of it, and stores it', async () => {
    const u = await userWith(0);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids.slice(0, 3));
    const key = p.outline[0]!.key;
    fake.next({ chunks: ['First part [1]. ', 'Second part [2].'], holdAfter: 1 });
    // The page goes away after the first words.
    const left = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en', onEvent: (e) => (e.type === 'delta' ? 'abort' : undefined) });
    expect(left.events.map((e) => e.type)).toEqual(['start', 'delta']);
    const reload = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect([reload.generating, reload.drafts[0]!.status]).toEqual([1, 'generating']);
    const second = await stream(base, '/paper/write/section/draft', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    expect([second.status, second.json?.msg]).toEqual([409, 'This section is being generated; wait for it to finish']);
    const busy = await callApi(t.app, api.paperWriteDelete, { token: u.token, body: { id: p.id } });
    expect(busy.status).toBe(409);
    fake.release();
    await until(async () => (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data.generating === 0);
    const settled = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(settled.drafts[0]).toMatchObject({ status: 'done', text: 'First part [1]. Second part [2].', by_model: true });
  });

  it('writes the outline from the topic and bibliography, replacing the stored one', async () => {
    const u = await userWith(0);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids.slice(0, 3));
    fake.next({ chunks: ['# Graph neural networks for molecules\n\n## 1. Introduction\nBrief: why molecules need learned representations\n', '## Models\n### Message passing\n### Attention\n## Evaluation\nBrief: benchmarks and splits\n'] });
    const res = await stream(base, '/paper/write/outline/generate', { id: p.id }, { token: u.token, locale: 'en' });
    const outline = frameOf(res, 'outline');
    expect(outline.outline.map((s) => [s.heading, s.brief, s.children.map((c) => c.heading)])).toEqual([
      ['Introduction', 'why molecules need learned representations', []],
      ['Models', '', ['Message passing', 'Attention']],
      ['Evaluation', 'benchmarks and splits', []],
    ]);
    expect(outline.revision).toBe(2);
    expect(outline.drafts.map((d) => d.number)).toEqual(['1', '2', '2.1', '2.2', '3']);
    expect(fake.requests.at(-1)!.messages[1]!.content).toContain('[3] Petar Velickovic, Yoshua Bengio (2018)');
    const detail = (await callApi(t.app, api.paperWriteDetail, { token: u.token, query: { id: String(p.id) } })).body.data;
    expect(detail.outline_revision).toBe(2);
    expect(detail.drafts).toHaveLength(5);
  });

  it("polishes a section into a proposal with the polish template's change table, applied by saving", async () => {
    const u = await userWith(0);
    const p = await newProject(t, u.token);
    await withSources(t, u.token, p.id, ids.slice(0, 3));
    const key = p.outline[0]!.key;
    await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: 0, text: 'Graph network learns molecule [1].' } });
    fake.next({ chunks: ['1. **Revised text**: Graph networks learn molecular representations [1] [42].\n\n', '2. **Changes**:\n\n| Original | Revised | Reason |\n| --- | --- | --- |\n| Graph network learns | Graph networks learn | Agreement |\n| molecule | molecular representations | Precision |\n'] });
    const res = await stream(base, '/paper/write/section/polish', { id: p.id, section: key }, { token: u.token, locale: 'en' });
    const section = frameOf(res, 'section').section;
    expect(section.text).toBe('Graph network learns molecule [1].');
    expect(section.proposal).toMatchObject({
      revised: 'Graph networks learn molecular representations [1].',
      changes: [
        { original: 'Graph network learns', revised: 'Graph networks learn', reason: 'Agreement' },
        { original: 'molecule', revised: 'molecular representations', reason: 'Precision' },
      ],
    });
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('| Original | Revised | Reason |');
    const applied = await callApi(t.app, api.paperWriteSectionSave, { token: u.token, body: { id: p.id, section: key, revision: section.revision, text: section.proposal!.revised } });
    expect(applied.body.data).toMatchObject({ text: 'Graph networks learn molecular representations [1].', proposal: null, revision: 2 });
  });
});
