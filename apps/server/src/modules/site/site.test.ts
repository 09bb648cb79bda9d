import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, envelopeSchema } from '@xueba/contract';
import { VISITS_PER_IP_PER_HOUR } from './site.service.js';
import { call, createTestApp, createTwoApps, makeUser, ON_POSTGRES, type TestApp, callApi } from '../../test/helpers.js';

describe('site: visit, config, policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /pc/config returns every section of spec §3 in the request locale', async () => {
    const zh = await callApi(t.app, api.config);
    expect(zh.status).toBe(200);
    const parsed = envelopeSchema(api.config.response).parse(zh.body);
    expect(parsed.code).toBe(1);
    expect(parsed.data.pc_page.problem_examples.length).toBeGreaterThan(0);
    const en = await callApi(t.app, api.config, { locale: 'en-US,en;q=0.9' });
    expect(en.body.data.pc_page.problem_examples[0]?.title).not.toBe(parsed.data.pc_page.problem_examples[0]?.title);
    for (const section of ['card_code', 'bulletin_config', 'website', 'login', 'copyright', 'qrcode', 'tabbar', 'admin_url', 'member_package_status', 'recharge_package_status', 'draw', 'foreign_url', 'is_fc', 'google_callback', 'chat', 'pc_page', 'draw_square_config', 'mindmap_config', 'voice', 'domain']) {
      expect(parsed.data).toHaveProperty(section);
    }
    // The question limit is the AI settings' default until an admin changes it.
    expect(parsed.data.chat.max_question_chars).toBe(8000);
  });

  it("carries the admin's question limit from the AI settings and follows a change at once", async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    // Both locales are cached before the change, so the change must drop each copy.
    for (const locale of ['zh', 'en']) {
      expect((await callApi(t.app, api.config, { locale })).body.data.chat.max_question_chars).toBe(8000);
    }
    const settings = await callApi(t.app, api.adminAiSettings, { token: admin.token });
    const saved = await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: { ...settings.body.data, max_question_chars: 1234 } });
    expect(saved.status).toBe(200);
    try {
      for (const locale of ['zh', 'en']) {
        const config = await callApi(t.app, api.config, { locale });
        expect(config.body.data.chat.max_question_chars).toBe(1234);
        // The other chat limits still come from the site settings.
        expect(config.body.data.chat.chat_limit).toBe(3);
      }
    } finally {
      await callApi(t.app, api.adminAiSettingsSave, { token: admin.token, body: settings.body.data });
    }
    expect((await callApi(t.app, api.config)).body.data.chat.max_question_chars).toBe(8000);
  });

  it('a settings read that failed (database briefly unavailable) is read again on the next request', async () => {
    const db = t.owned.ctx.db;
    await sql`ALTER TABLE settings RENAME TO settings_away`.execute(db);
    try {
      // Drop every cached copy, as an admin save would, while the table cannot be read.
      await t.owned.ctx.bus.publish('settings', '*');
      expect((await callApi(t.app, api.config, { locale: 'ko' })).status).toBe(500);
    } finally {
      await sql`ALTER TABLE settings_away RENAME TO settings`.execute(db);
    }
    // No bus message this time: the failure itself must not have been cached.
    const again = await callApi(t.app, api.config, { locale: 'ko' });
    expect(again.status).toBe(200);
    expect(again.body.data.chat.max_question_chars).toBe(8000);
  });

  it('prefixes relative image paths with the configured domain and leaves absolute ones', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const current = await callApi(t.app, api.getSettings, { token: admin.token });
    if (current.status === 404) return; // admin module not registered yet
    const settings = current.body.data as { domain: string; website: Record<string, string> };
    settings.domain = 'https://cdn.example.com';
    settings.website.logo = 'uploads/logo.png';
    settings.website.favicon = 'https://other.example.com/f.ico';
    await callApi(t.app, api.saveSettings, { token: admin.token, body: settings });
    const config = await callApi(t.app, api.config);
    expect(config.body.data.website.logo).toBe('https://cdn.example.com/uploads/logo.png');
    expect(config.body.data.website.favicon).toBe('https://other.example.com/f.ico');
  });

  it('GET /index/policy returns each policy per locale and refuses unknown types', async () => {
    for (const type of ['service', 'privacy', 'pay', 'distribution']) {
      const ja = await callApi(t.app, api.policy, { query: { type }, locale: 'ja' });
      expect(ja.status).toBe(200);
      expect(ja.body.data.content.length).toBeGreaterThan(20);
    }
    const bad = await callApi(t.app, api.policy, { query: { type: 'secret' }, locale: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(0);
    expect(bad.body.msg).toBe('Invalid parameter: type');
  });

  it("dates a policy by its own last change: the shipped date, then the admin's edit, not other settings' saves", async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const policyDate = async (type: string) => (await callApi(t.app, api.policy, { query: { type } })).body.data.updated_at;
    const shipped = await policyDate('privacy');
    expect(shipped).toBe('2026-11-22T00:00:00.000Z');

    const settings = (await callApi(t.app, api.getSettings, { token: admin.token })).body.data;
    t.clock.advance(60_000);
    const edited = { ...settings.policies.pay, content: { ...settings.policies.pay.content, en: '<p>New payment terms.</p>' } };
    const before = t.clock.now().getTime();
    const saved = await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings, policies: { ...settings.policies, pay: edited } } });
    expect(saved.status).toBe(200);
    const payDate = await policyDate('pay');
    expect(Date.parse(payDate ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(payDate ?? '')).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await policyDate('privacy')).toBe(shipped);

    // Saving something else (or sending a made-up date) leaves every policy's date alone.
    const again = (await callApi(t.app, api.getSettings, { token: admin.token })).body.data;
    t.clock.advance(60_000);
    const forged = { ...again.policies, privacy: { ...again.policies.privacy, updated_at: '2030-01-01T00:00:00.000Z' } };
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...again, is_fc: !again.is_fc, policies: forged } });
    expect(await policyDate('pay')).toBe(payDate);
    expect(await policyDate('privacy')).toBe(shipped);
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...again, policies: settings.policies } });
  });

  it('POST /index/visit records a visit and validates the terminal', async () => {
    const ok = await callApi(t.app, api.visit, { body: { terminal: 'pc' } });
    expect(ok.body.code).toBe(1);
    const bad = await callApi(t.app, api.visit, { body: { terminal: { $ne: 1 } }, locale: 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('参数错误');
    const malformed = await callApi(t.app, api.visit, { rawBody: '{"terminal":', locale: 'en' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('The request body is not valid JSON');
    const rows = await t.owned.ctx.db.selectFrom('visits').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('1,000 visits from one IP write at most the hourly limit of rows; every call is answered as a success; other IPs and the next hour still count', async () => {
    const db = t.owned.ctx.db;
    const visits = async () => Number((await db.selectFrom('visits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const visit = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/index/visit', remoteAddress, payload: { terminal: 'pc' } });
    const before = await visits();
    for (let i = 0; i < 1000; i += 1) {
      const reply = await visit('203.0.113.7');
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ code: 1 });
    }
    expect(await visits()).toBe(before + VISITS_PER_IP_PER_HOUR);
    await visit('203.0.113.8');
    expect(await visits()).toBe(before + VISITS_PER_IP_PER_HOUR + 1);
    t.clock.advance(3_600_000);
    await visit('203.0.113.7');
    expect(await visits()).toBe(before + VISITS_PER_IP_PER_HOUR + 2);
  }, 120_000);

  it('answers unknown API paths with a 404 envelope and serves OpenAPI', async () => {
    const missing = await call(t.app, 'GET', '/no/such/path', { locale: 'ko' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 0, show: 1, msg: '찾을 수 없습니다' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const spec = docs.json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/pc/config');
  });
});

describe.skipIf(!ON_POSTGRES)('site: /pc/config on two app processes', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  beforeAll(async () => {
    two = await createTwoApps();
  });
  afterAll(async () => {
    await two?.close();
  });

  it("an admin's change of the question limit on A reaches B's cached config within a second", async () => {
    const { a, b } = two;
    const limitOn = async (app: TestApp) => (await callApi(app.app, api.config)).body.data.chat.max_question_chars;
    // B has built and cached its config; only the invalidation can replace it.
    expect(await limitOn(b)).toBe(8000);
    const admin = await makeUser(a.app, { role: 'admin' });
    const settings = await callApi(a.app, api.adminAiSettings, { token: admin.token });
    await callApi(a.app, api.adminAiSettingsSave, { token: admin.token, body: { ...settings.body.data, max_question_chars: 2345 } });
    expect(await limitOn(a)).toBe(2345);
    const started = Date.now();
    while ((await limitOn(b)) !== 2345) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
});
