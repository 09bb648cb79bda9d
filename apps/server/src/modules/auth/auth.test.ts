import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, makeUser, type Called, type TestApp, callApi } from '../../test/helpers.js';
import { countRows, latestCode } from '../../test/codes.js';

function expectFail(res: Called<unknown>, status: number, msg: string, code = 0): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code, msg });
}

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.2.0.${(ipCounter += 1)}` });

describe('sign-in and registration: /login/register, /login/account, /login/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function sendCode(target: string, scene: string): Promise<string> {
    const isEmail = target.includes('@');
    const res = await call(t.app, 'POST', isEmail ? '/email/sendCode' : '/sms/sendCode', { body: isEmail ? { email: target, scene } : { mobile: target, scene }, headers: freshIp() });
    expect(res.status).toBe(200);
    return latestCode(t, target);
  }

  it('registers by email code with the sign-up gift, inviter, user_sn and channel; the password then signs in', async () => {
    const inviter = await makeUser(t.app);
    const code = await sendCode('reg1@example.com', 'register');
    const res = await callApi(t.app, api.register, {
      body: { email: 'Reg1@Example.com', code, password: 'pass123', password_confirm: 'pass123', share_id: inviter.user.share_id, user_sn: 'sn-42', channel: 'baidu.ads' },
      locale: 'ko',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, show: 1, msg: '계정을 만들었습니다' });
    const info = await callApi(t.app, api.info, { token: res.body.data.token });
    expect(info.body.data).toMatchObject({ email: 'reg1@example.com', has_password: true, balance: { conversation_count: 10, word_count: 10_000, drawing_count: 3, session_balance: 0 } });
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', 'reg1@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ inviter_id: inviter.user.id, user_sn: 'sn-42', channel: 'baidu.ads' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const center = await callApi(t.app, api.center, { token: inviter.token });
    expect(center.body.data.invite_count).toBe(1);

    const login = await callApi(t.app, api.login, { body: { scene: 1, account: 'reg1@example.com', password: 'pass123', terminal: 'h5' }, locale: 'ja', headers: freshIp() });
    expect(login.body).toMatchObject({ code: 1, msg: 'ログインしました' });
    const session = await t.app.ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', row.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(session.terminal).toBe('h5');
    expect(session.token_hash).not.toBe(login.body.data.token);
  });

  it('registers by mobile code; an unknown share_id does not block it; then signs in with mobile + password', async () => {
    const code = await sendCode('13900000001', 'register');
    const res = await callApi(t.app, api.register, { body: { mobile: '13900000001', code, password: 'm0bile!', password_confirm: 'm0bile!', share_id: 'nosuchlink' } });
    expect(res.body).toMatchObject({ code: 1, msg: '注册成功' });
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('mobile', '=', '13900000001').executeTakeFirstOrThrow();
    expect(row.inviter_id).toBeNull();
    const login = await callApi(t.app, api.login, { body: { scene: 1, account: '13900000001', password: 'm0bile!', terminal: 'pc' }, headers: freshIp() });
    expect(login.body.code).toBe(1);
  });

  it('refuses bad registrations in the user language and writes no user', async () => {
    const code = await sendCode('reg2@example.com', 'register');
    const before = await countRows(t.app, 'users');
    const base = { email: 'reg2@example.com', code, password: 'pass123', password_confirm: 'pass123' };
    const post = (body: unknown, locale: string) => callApi(t.app, api.register, { body, locale });
    expectFail(await post({ ...base, password: 'a1b2', password_confirm: 'a1b2' }, 'en'), 400, 'Password length should be 6-20');
    expectFail(await post({ ...base, password: 'a1'.repeat(11), password_confirm: 'a1'.repeat(11) }, 'zh'), 400, '密码长度应为6-20位');
    expectFail(await post({ ...base, password: '12345678', password_confirm: '12345678' }, 'en'), 400, 'Password must contain digits plus letters or symbols');
    expectFail(await post({ ...base, password: 'abcdefgh', password_confirm: 'abcdefgh' }, 'ja'), 400, 'パスワードには数字と、英字または記号を含めてください');
    expectFail(await post({ ...base, password_confirm: 'pass124' }, 'ko'), 400, '입력한 비밀번호가 일치하지 않습니다');
    expectFail(await post({ code, password: 'pass123', password_confirm: 'pass123' }, 'en'), 400, 'Email is required');
    expectFail(await post({ ...base, mobile: '13900000002' }, 'en'), 400, 'Email is required');
    expectFail(await post({ ...base, code: undefined }, 'en'), 400, 'Verification code is required');
    expectFail(await post({ ...base, code: '12ab56' }, 'en'), 400, 'The verification code is wrong or no longer valid');
    expectFail(await post({ ...base, password: 123456 }, 'en'), 400, 'Password is required');
    expectFail(await post({ ...base, user_sn: 'x'.repeat(65) }, 'en'), 400, 'Invalid parameter: user_sn');
    expectFail(await post({ ...base, share_id: '<script>' }, 'en'), 400, 'Invalid invitation link');
    expectFail(await callApi(t.app, api.register, { rawBody: '{"email":', locale: 'en' }), 400, 'The request body is not valid JSON');
    expectFail(await post({ ...base, code: code === '000000' ? '000001' : '000000' }, 'en'), 400, 'The verification code is wrong or no longer valid');
    expect(await countRows(t.app, 'users')).toBe(before);
    // The code survived the bad attempts above that never reached the check (only one guess was spent).
    expect((await post(base, 'en')).body.code).toBe(1);
    expectFail(await post(base, 'en'), 409, 'This email has been registered');
  });

  it('treats codes as single use, 5 minutes, per scene, and dead after 5 wrong guesses', async () => {
    const email = 'codes@example.com';
    const register = (code: string) => callApi(t.app, api.register, { body: { email, code, password: 'pass123', password_confirm: 'pass123' }, locale: 'en' });
    const invalid = 'The verification code is wrong or no longer valid';

    // Expired: 5 minutes and a second later.
    let code = await sendCode(email, 'register');
    t.clock.advance(5 * 60_000 + 1000);
    expectFail(await register(code), 400, invalid);

    // Other scene: a login code does not register.
    code = await sendCode(email, 'login');
    expectFail(await register(code), 400, invalid);

    // Superseded: only the newest code of a target and scene counts.
    t.clock.advance(61_000);
    const older = await sendCode(email, 'register');
    t.clock.advance(61_000);
    const newer = await sendCode(email, 'register');
    if (older !== newer) expectFail(await register(older), 400, invalid);

    // Five wrong guesses kill it: the sixth guess fails even with the right code.
    for (let i = 0; i < 5; i += 1) expectFail(await register(newer === '999999' ? '999998' : '999999'), 400, invalid);
    expectFail(await register(newer), 400, invalid);
    expect(await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    // Reused: a code works once, even for two requests at the same moment.
    t.clock.advance(61_000);
    code = await sendCode(email, 'register');
    const [first, second] = await Promise.all([register(code), register(code)]);
    expect([first.body.code, second.body.code].sort()).toEqual([0, 1]);
    const user = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    t.clock.advance(61_000);
    const loginCode = await sendCode(email, 'login');
    const login = (c: string) => callApi(t.app, api.login, { body: { scene: 3, account: email, code: c }, locale: 'en', headers: freshIp() });
    expect((await login(loginCode)).body.code).toBe(1);
    expectFail(await login(loginCode), 400, invalid);
    expect(user.id).toBeGreaterThan(0);
  });

  it('locks the account for that address at the 10th wrong password in a row for 15 minutes, even for the right password', async () => {
    const { user } = await makeUser(t.app, { email: 'lock@example.com', password: 'right123' });
    const headers = freshIp();
    const attempt = (password: string, locale = 'en') => callApi(t.app, api.login, { body: { scene: 1, account: 'lock@example.com', password, terminal: 'pc' }, locale, headers });
    for (let i = 1; i <= 9; i += 1) expectFail(await attempt(`wrong${i}x`), 401, 'Wrong account or password');
    const sessionsBefore = await countRows(t.app, 'sessions');
    expectFail(await attempt('wrong10x', 'zh'), 429, '密码错误次数过多，请15分钟后再试');
    expectFail(await attempt('right123'), 429, 'Too many wrong passwords, try again in 15 minutes');
    t.clock.advance(10 * 60_000);
    expectFail(await attempt('right123', 'ja'), 429, 'パスワードの誤りが多すぎます。5分後に再試行してください');
    expect(await countRows(t.app, 'sessions')).toBe(sessionsBefore);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await attempt('right123')).body).toMatchObject({ code: 1, msg: 'Signed in' });
    const row = await t.app.ctx.db.selectFrom('users').select(['failed_logins', 'locked_until']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
    expect(await t.app.ctx.db.selectFrom('login_failures').select('ip_key').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  /** A sign-in from a given client address (the socket's, no proxy header). */
  const from = (remoteAddress: string, account: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/account',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ scene: 1, account, password, terminal: 'pc' }),
    });

  it('a stranger who knows the email locks out only their own address: the owner still signs in from theirs', async () => {
    const email = 'target.owner@example.com';
    await makeUser(t.app, { email, password: 'owner-pass1' });
    const attacker = '203.0.113.7';
    const owner = '198.51.100.23';
    for (let i = 1; i <= 10; i += 1) await from(attacker, email, `guess${i}x`);
    const refused = await from(attacker, email, 'owner-pass1');
    expect({ status: refused.statusCode, msg: refused.json<{ msg: string }>().msg }).toEqual({ status: 429, msg: 'Too many wrong passwords, try again in 15 minutes' });
    const signedIn = await from(owner, email, 'owner-pass1');
    expect(signedIn.json()).toMatchObject({ code: 1, msg: 'Signed in' });
    // The owner's success does not lift the stranger's lock.
    expect((await from(attacker, email, 'owner-pass1')).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await from(attacker, email, 'another-guess')).statusCode).toBe(401);
  });

  it('after 100 wrong passwords across addresses a password alone no longer signs in; a code sign-in lifts it', async () => {
    const email = 'spread.target@example.com';
    await makeUser(t.app, { email, password: 'owner-pass2' });
    // Ten addresses, nine guesses each (under the per-address lock), then ten more from an eleventh.
    for (let ip = 1; ip <= 10; ip += 1) for (let i = 1; i <= 9; i += 1) expect((await from(`192.0.2.${ip}`, email, `spread${i}x`)).statusCode).toBe(401);
    for (let i = 1; i <= 9; i += 1) expect((await from('192.0.2.11', email, `spread${i}y`)).statusCode).toBe(401);
    expect((await from('192.0.2.11', email, 'spread10y')).statusCode).toBe(429); // that address's own lock (and the 100th)
    const paused = await from('198.51.100.99', email, 'owner-pass2');
    expect({ status: paused.statusCode, msg: paused.json<{ msg: string }>().msg }).toEqual({
      status: 429,
      msg: 'Too many wrong passwords for this account; sign in with a verification code or reset your password',
    });
    // Not a time lock: still paused later, until the owner proves the address.
    t.clock.advance(24 * 60 * 60_000);
    expect((await from('198.51.100.99', email, 'owner-pass2')).statusCode).toBe(429);
    const code = await sendCode(email, 'login');
    const byCode = await callApi(t.app, api.login, { body: { scene: 3, account: email, code, terminal: 'pc' }, locale: 'en', headers: freshIp() });
    expect(byCode.body).toMatchObject({ code: 1, msg: 'Signed in' });
    expect((await from('198.51.100.99', email, 'owner-pass2')).json()).toMatchObject({ code: 1, msg: 'Signed in' });
  });

  it('keeps the per-address limit across accounts: the 31st sign-in in a minute from one address is refused', async () => {
    const address = '203.0.113.200';
    // Start at the top of a fixed one-minute window, so the 31 sign-ins fall in one.
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000) + 10);
    for (let i = 1; i <= 30; i += 1) expect((await from(address, `nobody${i}@example.com`, 'whatever1')).statusCode).toBe(401);
    const limited = await from(address, 'nobody31@example.com', 'whatever1');
    expect({ status: limited.statusCode, msg: limited.json<{ msg: string }>().msg }).toEqual({ status: 429, msg: 'Too many requests, please try again later' });
    expect((await from('203.0.113.201', 'nobody31@example.com', 'whatever1')).statusCode).toBe(401);
  });

  it('answers wrong_password alike for an unknown account, and refuses disabled accounts after the password', async () => {
    const headers = freshIp();
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'ghost@example.com', password: 'pass123' }, locale: 'en', headers }), 401, 'Wrong account or password');
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: '13900000077', password: 'pass123' }, locale: 'en', headers }), 401, 'Wrong account or password');
    const { user } = await makeUser(t.app, { email: 'off@example.com', password: 'pass123' });
    await t.app.ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'off@example.com', password: 'pass123' }, locale: 'en', headers }), 403, 'This account has been disabled');
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'off@example.com', password: 'nope123' }, locale: 'en', headers }), 401, 'Wrong account or password');
  });

  it('signs in with a mobile code, and creates a password-less account on first email-code sign-in', async () => {
    const { user } = await makeUser(t.app, { mobile: '13900000003' });
    let code = await sendCode('13900000003', 'login');
    const mobile = await callApi(t.app, api.login, { body: { scene: 2, account: '13900000003', code }, headers: freshIp() });
    expect(mobile.body.code).toBe(1);
    const me = await callApi(t.app, api.info, { token: mobile.body.data.token });
    expect(me.body.data.id).toBe(user.id);

    const before = await countRows(t.app, 'users');
    code = await sendCode('newbie@example.com', 'login');
    const email = await callApi(t.app, api.login, { body: { scene: 3, account: 'newbie@example.com', code }, headers: freshIp() });
    expect(email.body.code).toBe(1);
    expect(await countRows(t.app, 'users')).toBe(before + 1);
    const info = await callApi(t.app, api.info, { token: email.body.data.token });
    expect(info.body.data).toMatchObject({ email: 'newbie@example.com', has_password: false, balance: { conversation_count: 10 } });
    // No password can ever match a code-only account.
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'newbie@example.com', password: 'not-a-real-password-1' }, locale: 'en', headers: freshIp() }), 401, 'Wrong account or password');
  });

  it('refuses bad sign-in input in the user language', async () => {
    const headers = freshIp();
    const post = (body: unknown, locale = 'en') => callApi(t.app, api.login, { body, locale, headers });
    const sessions = await countRows(t.app, 'sessions');
    expectFail(await post({ scene: 4, account: 'a@example.com', password: 'pass123' }), 400, 'Invalid parameter: scene');
    expectFail(await post({ scene: '1', account: 'a@example.com', password: 'pass123' }), 400, 'Invalid parameter: scene');
    expectFail(await post({ scene: 1, password: 'pass123' }, 'zh'), 400, '参数错误：account');
    expectFail(await post({ scene: 1, account: `${'a'.repeat(250)}@example.com`, password: 'pass123' }), 400, 'Invalid parameter: account');
    expectFail(await post({ scene: 1, account: { $gt: '' }, password: 'pass123' }), 400, 'Invalid parameter: account');
    expectFail(await post({ scene: 1, account: 'a@example.com', password: 'x'.repeat(65) }), 400, 'Password length should be 6-20');
    expectFail(await post({ scene: 1, account: 'a@example.com' }), 400, 'Password is required');
    expectFail(await post({ scene: 1, account: 'a@example.com', password: 'pass123', terminal: 'toaster' }), 400, 'Invalid parameter: terminal');
    expectFail(await post({ scene: 1, account: 'not an email or phone', password: 'pass123' }, 'ko'), 400, '휴대폰 번호 형식이 올바르지 않습니다');
    expectFail(await post({ scene: 2, account: 'a@example.com', code: '123456' }), 400, 'Invalid mobile number');
    expectFail(await post({ scene: 3, account: '13900000001', code: '123456' }), 400, 'Invalid email address');
    expectFail(await post({ scene: 3, account: 'a@example.com' }), 400, 'Verification code is required');
    expectFail(await post({ scene: 3, account: 'a@example.com', code: 'abcdef' }), 400, 'The verification code is wrong or no longer valid');
    expectFail(await callApi(t.app, api.login, { rawBody: '{scene: 1}', locale: 'ja', headers }), 400, 'リクエスト本文が有効な JSON ではありません');
    expect(await countRows(t.app, 'sessions')).toBe(sessions);
  });

  it('honours the login-method and register switches', async () => {
    await makeUser(t.app, { email: 'switch@example.com', password: 'pass123' });
    const site = await t.app.services.settings.site();
    await t.app.services.settings.saveSite({ ...site, login: { ...site.login, email_password: false, mobile_code: false, register_mobile: false } });
    try {
      const headers = freshIp();
      expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'switch@example.com', password: 'pass123' }, locale: 'en', headers }), 403, 'This sign-in method is turned off');
      expectFail(await callApi(t.app, api.login, { body: { scene: 2, account: '13900000003', code: '123456' }, locale: 'en', headers }), 403, 'This sign-in method is turned off');
      expectFail(await callApi(t.app, api.register, { body: { mobile: '13900000009', code: '123456', password: 'pass123', password_confirm: 'pass123' }, locale: 'en' }), 403, 'Registration is closed');
      // With mobile registration closed, a login code goes only to existing numbers.
      expectFail(await callApi(t.app, api.sendSmsCode, { body: { mobile: '13900000009', scene: 'login' }, locale: 'en', headers }), 403, 'This sign-in method is turned off');
    } finally {
      await t.app.services.settings.saveSite(site);
    }
  });

  it('rate-limits sign-in per IP (30 a minute)', async () => {
    const headers = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await callApi(t.app, api.login, { body: { scene: 3, account: 'ratelimit@example.com', code: 'abc' }, headers });
      expect(res.status).toBe(400);
    }
    expectFail(await callApi(t.app, api.login, { body: { scene: 1, account: 'reg1@example.com', password: 'pass123' }, locale: 'en', headers }), 429, 'Too many requests, please try again later');
    // Another address is not affected.
    expect((await callApi(t.app, api.login, { body: { scene: 1, account: 'reg1@example.com', password: 'pass123' }, headers: freshIp() })).body.code).toBe(1);
  });

  it('logs out (idempotent, fine without a token); a forged or revoked token is a login failure (-1, 401)', async () => {
    const { token } = await makeUser(t.app);
    expect((await callApi(t.app, api.info, { token })).body.code).toBe(1);
    const out = await callApi(t.app, api.logout, { token, locale: 'en', body: {} });
    expect(out.body).toMatchObject({ code: 1, msg: 'Signed out' });
    expectFail(await callApi(t.app, api.info, { token, locale: 'en' }), 401, 'Your session has expired, please log in again', -1);
    expect((await callApi(t.app, api.logout, { token })).status).toBe(200);
    expect((await callApi(t.app, api.logout)).status).toBe(200);
    expectFail(await callApi(t.app, api.info, { token: 'forged-token-forged-token-forged-token', locale: 'zh' }), 401, '登录已失效，请重新登录', -1);
    expectFail(await callApi(t.app, api.info, { locale: 'en' }), 401, 'Please log in before proceeding', -1);
  });

  it('expires tokens after 360 days', async () => {
    const { token } = await makeUser(t.app);
    t.clock.advance(359 * 24 * 60 * 60 * 1000);
    expect((await callApi(t.app, api.info, { token })).body.code).toBe(1);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expectFail(await callApi(t.app, api.info, { token, locale: 'ko' }), 401, '로그인이 만료되었습니다. 다시 로그인하세요', -1);
  });
});
