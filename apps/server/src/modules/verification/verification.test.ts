import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type Called, type TestApp, callApi } from '../../test/helpers.js';
import { countRows, latestCode } from '../../test/codes.js';
import type { SmsProvider } from '../../providers/sms/sms.js';

function expectFail(res: Called<unknown>, status: number, msg: string): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code: 0, msg });
}

let ipCounter = 0;
/** Each test sends from its own address, so the per-IP daily cap of one test does not leak into another. */
const freshIp = () => ({ 'x-forwarded-for': `10.1.0.${(ipCounter += 1)}` });

describe('verification codes: /email/sendCode and /sms/sendCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a 6-digit email code in the request locale, logged to the outbox, stored only as a hash', async () => {
    const headers = freshIp();
    const res = await callApi(t.app, api.sendEmailCode, { body: { email: '  New.Person@Example.com ', scene: 'register' }, locale: 'ja', headers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, data: { resend_after: 60 }, show: 1, msg: '認証コードを送信しました' });
    const outbox = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', 'new.person@example.com').execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: 'email', status: 'logged', error: null, subject: '学霸 Xueba 認証コード' });
    expect(outbox[0]?.body).toContain('5 分');
    const code = latestCode(t, 'new.person@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // The admin outbox says a code was sent, not which.
    expect(outbox[0]?.body).not.toContain(code);
    expect(outbox[0]?.body).toContain('••••••');
    const stored = await t.app.ctx.db.selectFrom('verification_codes').selectAll().where('target', '=', 'new.person@example.com').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);
    expect(stored[0]?.ip).not.toContain('10.1.0');
    expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(5 * 60_000);
  });

  it('sends an SMS code through the log provider (server log + outbox, status logged) in English', async () => {
    const res = await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000001', scene: 'register' }, locale: 'en', headers: freshIp() });
    expect(res.status).toBe(200);
    const code = latestCode(t, '13800000001');
    expect(t.logs.some((line) => line.includes('SMS to 13800000001') && line.includes(code) && line.includes('5 minutes'))).toBe(true);
    const row = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', '13800000001').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'sms', status: 'logged' });
    expect(row.body).toContain('create an account');
    expect(row.body).not.toContain(code);
  });

  it('refuses a resend within 60 s with the remaining seconds, allows it after', async () => {
    const headers = freshIp();
    const email = 'wait@example.com';
    expect((await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'register' }, headers })).status).toBe(200);
    t.clock.advance(15_000);
    const before = await countRows(t.app, 'verification_codes');
    const again = await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'login' }, locale: 'en', headers });
    expectFail(again, 429, 'Please wait 45 seconds before requesting another code');
    const zh = await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'register' }, locale: 'zh', headers });
    expectFail(zh, 429, '发送过于频繁，请45秒后再试');
    expect(await countRows(t.app, 'verification_codes')).toBe(before);
    t.clock.advance(45_000);
    expect((await callApi(t.app, api.sendEmailCode, { body: { email, scene: 'register' }, headers })).status).toBe(200);
  });

  it('caps codes per target per day (10) and per IP per day (30)', async () => {
    const mobile = '13800000002';
    for (let i = 0; i < 10; i += 1) {
      const ok = await callApi(t.app, api.sendSmsCode, { body: { mobile, scene: 'register' }, headers: freshIp() });
      expect(ok.status).toBe(200);
      t.clock.advance(61_000);
    }
    const eleventh = await callApi(t.app, api.sendSmsCode, { body: { mobile, scene: 'register' }, locale: 'ko', headers: freshIp() });
    expectFail(eleventh, 429, '오늘 인증 코드 발송 한도에 도달했습니다');
    // The cap is a rolling 24 hours.
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await callApi(t.app, api.sendSmsCode, { body: { mobile, scene: 'register' }, headers: freshIp() })).status).toBe(200);

    const headers = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const ok = await callApi(t.app, api.sendEmailCode, { body: { email: `cap${i}@example.com`, scene: 'register' }, headers });
      expect(ok.status).toBe(200);
    }
    const before = await countRows(t.app, 'outbox');
    const over = await callApi(t.app, api.sendEmailCode, { body: { email: 'cap30@example.com', scene: 'register' }, locale: 'en', headers });
    expectFail(over, 429, 'Daily limit for verification codes reached');
    expect(await countRows(t.app, 'outbox')).toBe(before);
  });

  it('applies the scene rules: register needs a new address, find_password an existing one, bind needs sign-in and a free number', async () => {
    const { user, token } = await makeUser(t.app, { email: 'taken@example.com' });
    await makeUser(t.app, { mobile: '13800000003' });
    const before = await countRows(t.app, 'verification_codes');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'Taken@example.com', scene: 'register' }, locale: 'en', headers: freshIp() }), 409, 'This email has been registered');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000003', scene: 'register' }, locale: 'zh', headers: freshIp() }), 409, '该手机号已注册');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'nobody@example.com', scene: 'find_password' }, locale: 'en', headers: freshIp() }), 404, 'Email does not exist');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000099', scene: 'find_password' }, locale: 'ja', headers: freshIp() }), 404, '携帯番号が存在しません');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000003', scene: 'bind_mobile' }, token, locale: 'en', headers: freshIp() }), 409, 'This mobile number has been registered');
    const anonymous = await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000004', scene: 'bind_mobile' }, locale: 'en', headers: freshIp() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(-1);
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'taken@example.com', scene: 'change_mobile' }, locale: 'en', headers: freshIp() }), 400, 'Invalid parameter: scene');
    expect(await countRows(t.app, 'verification_codes')).toBe(before);

    expect((await callApi(t.app, api.sendEmailCode, { body: { email: 'taken@example.com', scene: 'find_password' }, headers: freshIp() })).status).toBe(200);
    expect((await callApi(t.app, api.sendEmailCode, { body: { email: 'taken@example.com', scene: 'login' }, headers: freshIp() })).status).toBe(429);
    expect((await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000005', scene: 'change_mobile' }, token, headers: freshIp() })).status).toBe(200);
    // An unregistered address may get a login code while registration is open (signing in creates the account).
    expect((await callApi(t.app, api.sendEmailCode, { body: { email: 'fresh-login@example.com', scene: 'login' }, headers: freshIp() })).status).toBe(200);
    expect(user.id).toBeGreaterThan(0);
  });

  it('honours the login and register switches of the site settings', async () => {
    const site = await t.app.services.settings.site();
    await t.app.services.settings.saveSite({ ...site, login: { ...site.login, register_email: false, email_code: false } });
    try {
      expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'closed@example.com', scene: 'register' }, locale: 'en', headers: freshIp() }), 403, 'Registration is closed');
      expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'closed@example.com', scene: 'login' }, locale: 'en', headers: freshIp() }), 403, 'This sign-in method is turned off');
    } finally {
      await t.app.services.settings.saveSite(site);
    }
  });

  it('rejects bad input in the user language and writes nothing', async () => {
    const before = [await countRows(t.app, 'verification_codes'), await countRows(t.app, 'outbox')];
    const headers = freshIp();
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'a@example.com', scene: 'hack' }, locale: 'en', headers }), 400, 'Invalid parameter: scene');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { scene: 'register' }, locale: 'zh', headers }), 400, '请输入邮箱');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 'not-an-email', scene: 'register' }, locale: 'ja', headers }), 400, 'メールアドレスの形式が正しくありません');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: `${'a'.repeat(300)}@example.com`, scene: 'register' }, locale: 'en', headers }), 400, 'Invalid email address');
    expectFail(await callApi(t.app, api.sendEmailCode, { body: { email: 12345, scene: 'register' }, locale: 'en', headers }), 400, 'Email is required');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '12345', scene: 'register' }, locale: 'ko', headers }), 400, '휴대폰 번호 형식이 올바르지 않습니다');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: ['13800000000'], scene: 'register' }, locale: 'en', headers }), 400, 'Mobile number is required');
    expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000000' }, locale: 'en', headers }), 400, 'Invalid parameter: scene');
    expectFail(await callApi(t.app, api.sendSmsCode, { rawBody: '{"mobile":"1380', locale: 'en', headers }), 400, 'The request body is not valid JSON');
    expect([await countRows(t.app, 'verification_codes'), await countRows(t.app, 'outbox')]).toEqual(before);
  });

  it('answers send_failed (502) when the SMS provider fails, invalidates the code and keeps a failed outbox row', async () => {
    const original = t.app.ctx.sms;
    const handed: string[] = [];
    const failing: SmsProvider = {
      name: 'broken',
      delivers: true,
      send: async (message) => {
        handed.push(message.params.code ?? '');
        throw new Error('gateway said no');
      },
    };
    t.app.ctx.sms = failing;
    try {
      const res = await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000006', scene: 'register' }, locale: 'en', headers: freshIp() });
      expectFail(res, 502, 'Sending failed, please try again later');
    } finally {
      t.app.ctx.sms = original;
    }
    const row = await t.app.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', '13800000006').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: 'gateway said no' });
    // The code the gateway was handed (and failed to deliver) is dead.
    const code = handed[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const register = await callApi(t.app, api.register, { body: { mobile: '13800000006', code, password: 'abc123', password_confirm: 'abc123' }, locale: 'en' });
    expectFail(register, 400, 'The verification code is wrong or no longer valid');
    // A failed delivery does not hold back an immediate retry.
    expect((await callApi(t.app, api.sendSmsCode, { body: { mobile: '13800000006', scene: 'register' }, headers: freshIp() })).status).toBe(200);
  });
});
