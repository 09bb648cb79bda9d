import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { adminEndpoints, api, type UserInfo } from '@xueba/contract';
import { call, createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { addMonths, grantMembership } from './membership.js';


describe('admin', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeUser(t.app, { role: 'admin' });
  });
  // A fresh session per test: one test moves the clock past the 360-day session lifetime.
  beforeEach(async () => {
    admin.token = await t.app.sessions.create(admin.user.id, { terminal: 'pc', ip: null, userAgent: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every admin endpoint answers 401 (-1) signed out and 403 to a non-admin', async () => {
    const user = await makeUser(t.app);
    const all = { ...adminEndpoints, getOauth: api.getOauth, saveOauth: api.saveOauth };
    // Valid inputs, so the answer is about the caller and not the request.
    const bodies: Record<string, unknown> = {
      [api.setUserDisabled.path]: { user_id: user.user.id, disabled: true },
      [api.adjustBalance.path]: { user_id: user.user.id, asset: 'word_count', delta: 1, reason: 'x', idempotency_key: 'auth-check-1' },
      [api.setMembership.path]: { user_id: user.user.id, kind: 'paper', level: 'vip', months: 1 },
      [api.saveOauth.path]: {},
    };
    for (const endpoint of Object.values(all)) {
      if (endpoint.path === api.saveSettings.path && endpoint.method === 'POST') {
        bodies[endpoint.path] = (await call(t.app, 'GET', api.getSettings.path, { token: admin.token })).body.data;
      }
      const body = endpoint.method === 'POST' ? bodies[endpoint.path] : undefined;
      const query = endpoint.path === api.userDetail.path ? { id: String(user.user.id) } : undefined;
      const signedOut = await call(t.app, endpoint.method, endpoint.path, { body, query, locale: 'en' });
      expect(signedOut.status, endpoint.path).toBe(401);
      expect(signedOut.body.code, endpoint.path).toBe(-1);
      const denied = await call(t.app, endpoint.method, endpoint.path, { body, query, token: user.token, locale: 'en' });
      expect(denied.status, endpoint.path).toBe(403);
      expect(denied.body, endpoint.path).toMatchObject({ code: 0, msg: 'You do not have permission' });
    }
    const untouched = await t.owned.ctx.db.selectFrom('users').select('disabled').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(untouched.disabled).toBe(false);
  });

  it('GET /admin/users searches by email, mobile, user ID and id, paged', async () => {
    const a = await makeUser(t.app, { email: 'findme_alpha@example.com' });
    const b = await makeUser(t.app, { mobile: '13912345678' });
    const search = (keyword: string, extra: Record<string, string> = {}) =>
      callApi(t.app, api.users, { token: admin.token, query: { keyword, ...extra } });

    expect((await search('findme_alpha')).body.data.lists.map((u) => u.id)).toEqual([a.user.id]);
    expect((await search('FINDME_ALPHA@EXAMPLE.COM')).body.data.lists.map((u) => u.id)).toEqual([a.user.id]);
    expect((await search('1234567')).body.data.lists.map((u) => u.id)).toEqual([b.user.id]);
    expect((await search(a.user.sn)).body.data.lists.map((u) => u.id)).toContain(a.user.id);
    expect((await search(String(b.user.id))).body.data.lists.map((u) => u.id)).toContain(b.user.id);
    // LIKE wildcards are literal characters, SQL is just text.
    expect((await search('%')).body.data.count).toBe(0);
    expect((await search("' OR 1=1 --")).body.data.count).toBe(0);
    expect((await search('99999999999999')).body.data.count).toBe(0);

    const found = (await search('findme_alpha')).body.data.lists[0];
    expect(found?.balance).toEqual({ conversation_count: 10, drawing_count: 3, word_count: 10_000, session_balance: 0 });

    const all = await callApi(t.app, api.users, { token: admin.token, query: { page_size: '2', page_no: '1' } });
    expect(all.body.data.lists).toHaveLength(2);
    expect(all.body.data.count).toBeGreaterThanOrEqual(3);
    const page2 = await callApi(t.app, api.users, { token: admin.token, query: { page_size: '2', page_no: '2' } });
    expect(page2.body.data.lists[0]?.id).not.toBe(all.body.data.lists[0]?.id);

    const badQueries: Record<string, string>[] = [{ page_size: '1000' }, { page_no: '0' }, { page_no: 'abc' }, { keyword: 'x'.repeat(300) }];
    for (const query of badQueries) {
      const bad = await callApi(t.app, api.users, { token: admin.token, query, locale: 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/^Invalid parameter/);
    }
  });

  it('GET /admin/user/detail shows the user, disabled flag and recent ledger; unknown ids are 404', async () => {
    const user = await makeUser(t.app);
    const detail = await callApi(t.app, api.userDetail, {
      token: admin.token,
      query: { id: String(user.user.id) },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.user.id).toBe(user.user.id);
    expect(detail.body.data.disabled).toBe(false);
    expect(detail.body.data.ledger.map((l) => l.reason)).toEqual(['signup_gift', 'signup_gift', 'signup_gift']);
    const missing = await callApi(t.app, api.userDetail, { token: admin.token, query: { id: '999999' }, locale: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('User not found');
    const bad = await callApi(t.app, api.userDetail, { token: admin.token, query: { id: '-3' } });
    expect(bad.status).toBe(400);
  });

  it('POST /admin/user/setDisabled disables (ending sessions) and enables; never oneself', async () => {
    const user = await makeUser(t.app);
    const self = await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: admin.user.id, disabled: true }, locale: 'en' });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('You cannot disable your own account');

    expect((await callApi(t.app, api.invite, { token: user.token, body: {} })).status).toBe(200);
    const disabled = await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: user.user.id, disabled: true } });
    expect(disabled.status).toBe(200);
    const refused = await callApi(t.app, api.invite, { token: user.token, body: {} });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(-1);
    const open = await t.owned.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.user.id).where('revoked_at', 'is', null).execute();
    expect(open).toHaveLength(0);
    // While disabled, even a brand-new session is refused.
    const fresh = await t.app.sessions.create(user.user.id, { terminal: 'pc', ip: null, userAgent: null });
    expect((await callApi(t.app, api.invite, { token: fresh, body: {} })).status).toBe(401);

    const detail = await callApi(t.app, api.userDetail, { token: admin.token, query: { id: String(user.user.id) } });
    expect(detail.body.data.disabled).toBe(true);

    await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: user.user.id, disabled: false } });
    expect((await callApi(t.app, api.invite, { token: fresh, body: {} })).status).toBe(200);

    const unknown = await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: 999999, disabled: true } });
    expect(unknown.status).toBe(404);
    const wrongType = await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: '1', disabled: 'yes' } });
    expect(wrongType.status).toBe(400);
  });

  it('POST /admin/user/adjustBalance writes the ledger once per key and never below zero', async () => {
    const user = await makeUser(t.app);
    const adjust = (body: Record<string, unknown>, locale = 'en') =>
      callApi(t.app, api.adjustBalance, { token: admin.token, body: { user_id: user.user.id, ...body }, locale });

    const added = await adjust({ asset: 'conversation_count', delta: 5, reason: 'support ticket 17', idempotency_key: 'key-add-00001' });
    expect(added.status).toBe(200);
    expect(added.body.data.conversation_count).toBe(15);
    // The same click retried: applied once.
    const retried = await adjust({ asset: 'conversation_count', delta: 5, reason: 'support ticket 17', idempotency_key: 'key-add-00001' });
    expect(retried.body.data.conversation_count).toBe(15);

    const ledgerBefore = await t.owned.ctx.db.selectFrom('ledger').select('id').where('user_id', '=', user.user.id).execute();
    const tooMuch = await adjust({ asset: 'conversation_count', delta: -16, reason: 'refund', idempotency_key: 'key-sub-00001' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.msg).toBe('Insufficient conversation balance');
    const words = await adjust({ asset: 'word_count', delta: -10_001, reason: 'refund', idempotency_key: 'key-sub-00002' }, 'zh');
    expect(words.body.msg).toBe('字数余额不足');
    const money = await adjust({ asset: 'session_balance', delta: -1, reason: 'refund', idempotency_key: 'key-sub-00003' });
    expect(money.body.msg).toBe('Insufficient balance for this deduction');
    const ledgerAfter = await t.owned.ctx.db.selectFrom('ledger').select('id').where('user_id', '=', user.user.id).execute();
    expect(ledgerAfter).toHaveLength(ledgerBefore.length);

    const taken = await adjust({ asset: 'conversation_count', delta: -15, reason: 'reset', idempotency_key: 'key-sub-00004' });
    expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ code: 1 });
    expect(taken.body.data.conversation_count).toBe(0);

    const row = await t.owned.ctx.db.selectFrom('ledger').selectAll().where('idempotency_key', '=', 'admin:key-add-00001').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ref_type: 'admin', ref_id: String(admin.user.id), actor_id: admin.user.id, reason: 'support ticket 17' });

    const info = await t.app.services.userInfo.get(user.user.id);
    expect(info?.balance.conversation_count).toBe(0);

    for (const body of [
      { asset: 'gold', delta: 1, reason: 'x', idempotency_key: 'key-bad-00001' },
      { asset: 'word_count', delta: 0, reason: 'x', idempotency_key: 'key-bad-00002' },
      { asset: 'word_count', delta: 1.5, reason: 'x', idempotency_key: 'key-bad-00003' },
      { asset: 'word_count', delta: 1, reason: '', idempotency_key: 'key-bad-00004' },
      { asset: 'word_count', delta: 1, reason: 'x'.repeat(201), idempotency_key: 'key-bad-00005' },
      { asset: 'word_count', delta: 1, reason: 'x', idempotency_key: 'short' },
      { asset: 'word_count', delta: '1', reason: 'x', idempotency_key: 'key-bad-00006' },
    ]) {
      const bad = await adjust(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await callApi(t.app, api.adjustBalance, {
      token: admin.token,
      body: { user_id: 999999, asset: 'word_count', delta: 1, reason: 'x', idempotency_key: 'key-unknown-1' },
    });
    expect(unknown.status).toBe(404);
  });

  it('POST /admin/user/membership grants, extends from an active expiry, upgrades and makes permanent', async () => {
    const user = await makeUser(t.app);
    const grant = (body: Record<string, unknown>) =>
      callApi(t.app, api.setMembership, {
        token: admin.token,
        body: { user_id: user.user.id, kind: 'academic_ai', ...body },
        locale: 'en',
      });
    const now = t.owned.ctx.now();
    const first = await grant({ level: 'vip', months: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data.level).toBe('vip');
    const firstExpiry = new Date(first.body.data.expires_at ?? '');
    expect(Math.abs(firstExpiry.getTime() - addMonths(now, 1).getTime())).toBeLessThan(5_000);

    const extended = await grant({ level: 'vip', months: 2 });
    expect(extended.body.data.expires_at).toBe(addMonths(firstExpiry, 2).toISOString());

    const upgraded = await grant({ level: 'bvip', months: 1 });
    expect(upgraded.body.data.level).toBe('bvip');
    const notDowngraded = await grant({ level: 'vip', months: 1 });
    expect(notDowngraded.body.data.level).toBe('bvip');

    let info = await callApi(t.app, api.userDetail, { token: admin.token, query: { id: String(user.user.id) } });
    expect((info.body.data as unknown as { user: UserInfo }).user).toMatchObject({ is_member: 1, member_level: 'bvip' });

    const permanent = await grant({ kind: 'literature', level: 'vip', months: 0 });
    expect(permanent.body.data).toEqual({ kind: 'literature', level: 'vip', expires_at: null });

    // Once expired, a grant starts from now again.
    t.clock.advance(400 * 24 * 60 * 60 * 1000);
    admin.token = await t.app.sessions.create(admin.user.id, { terminal: 'pc', ip: null, userAgent: null });
    const renewed = await grant({ level: 'vip', months: 1 });
    expect(renewed.body.data.level).toBe('vip');
    expect(new Date(renewed.body.data.expires_at ?? '').getTime()).toBeGreaterThan(t.owned.ctx.now().getTime());
    info = await callApi(t.app, api.userDetail, { token: admin.token, query: { id: String(user.user.id) } });
    expect((info.body.data as unknown as { user: UserInfo }).user.memberships).toHaveLength(2);

    for (const body of [{ level: 'vip', months: 121 }, { level: 'vip', months: -1 }, { level: 'gold', months: 1 }, { level: 'vip', months: 1, kind: 'chess' }, { level: 'vip' }]) {
      const bad = await grant(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await callApi(t.app, api.setMembership, { token: admin.token, body: { user_id: 999999, kind: 'paper', level: 'vip', months: 1 } });
    expect(unknown.status).toBe(404);
  });

  it('membership arithmetic: month ends clamp, permanent stays permanent', () => {
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2024-11-30T00:00:00Z'), 3).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    const now = new Date('2025-01-01T00:00:00Z');
    expect(grantMembership({ level: 'vip', expires_at: null }, { level: 'bvip', months: 3 }, now)).toEqual({ level: 'bvip', expiresAt: null });
    expect(grantMembership({ level: 'bvip', expires_at: new Date('2024-06-01T00:00:00Z') }, { level: 'vip', months: 1 }, now)).toEqual({
      level: 'vip',
      expiresAt: new Date('2025-02-01T00:00:00Z'),
    });
  });

  it('GET /admin/ledger/audit is empty while balances match the ledger and reports a tampered balance', async () => {
    const clean = await callApi(t.app, api.ledgerAudit, { token: admin.token });
    expect(clean.status).toBe(200);
    expect(clean.body.data.mismatches).toEqual([]);
    const victim = await makeUser(t.app);
    await sql`UPDATE balances SET amount = amount + 7 WHERE user_id = ${victim.user.id} AND asset = 'drawing_count'`.execute(t.owned.ctx.db);
    const audit = await callApi(t.app, api.ledgerAudit, { token: admin.token });
    expect(audit.body.data.mismatches).toEqual([{ user_id: victim.user.id, asset: 'drawing_count', balance: 10, ledger_sum: 3 }]);
    await sql`UPDATE balances SET amount = amount - 7 WHERE user_id = ${victim.user.id} AND asset = 'drawing_count'`.execute(t.owned.ctx.db);
  });

  it('GET/POST /admin/settings read and replace the site settings, which /pc/config then shows', async () => {
    const current = await callApi(t.app, api.getSettings, {
      token: admin.token,
    });
    expect(current.status).toBe(200);
    const next = { ...current.body.data, bulletin: { ...current.body.data.bulletin, is_open: true, title: { zh: '公告', en: 'Notice <b>', ja: 'お知らせ', ko: '공지' } } };
    const saved = await callApi(t.app, api.saveSettings, { token: admin.token, body: next, locale: 'en' });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('Saved');
    const config = await callApi(t.app, api.config, { locale: 'en' });
    expect(config.body.data.bulletin_config).toMatchObject({ is_open: true, title: 'Notice <b>' });

    const missingSection = { ...current.body.data } as Record<string, unknown>;
    delete missingSection.login;
    expect((await callApi(t.app, api.saveSettings, { token: admin.token, body: missingSection })).status).toBe(400);
    const wrongType = await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...current.body.data, chat_limit: 'many' } });
    expect(wrongType.status).toBe(400);
    const malformed = await callApi(t.app, api.saveSettings, { token: admin.token, rawBody: '{"website":', locale: 'en' });
    expect(malformed.body.msg).toBe('The request body is not valid JSON');
  });

  it('GET /admin/outbox lists mail and SMS, filtered by channel, and says which transports deliver', async () => {
    const outbox = new OutboxService(t.owned.ctx);
    await outbox.sendMail({ to: 'someone@example.com', subject: 'Your code', text: 'Code 123456', secret: '123456' });
    await outbox.sendSms({ to: '13800000000', text: 'Code 654321', params: { code: '654321' }, secret: '654321' });
    const all = await callApi(t.app, api.outbox, {
      token: admin.token,
    });
    expect(all.status).toBe(200);
    expect(all.body.data.transport).toEqual({ email: false, sms: false });
    expect(all.body.data.lists.map((r) => r.channel)).toEqual(expect.arrayContaining(['email', 'sms']));
    const sms = await callApi(t.app, api.outbox, { token: admin.token, query: { channel: 'sms' } });
    expect(sms.body.data.lists.every((r) => r.channel === 'sms')).toBe(true);
    // The administrator sees that a code was sent, not the code.
    expect(sms.body.data.lists[0]?.body).toBe('Code ••••••');
    const mail = await callApi(t.app, api.outbox, { token: admin.token, query: { channel: 'email' } });
    expect(mail.body.data.lists[0]?.body).toBe('Code ••••••');
    const bad = await callApi(t.app, api.outbox, { token: admin.token, query: { channel: 'fax' } });
    expect(bad.status).toBe(400);
  });
});
