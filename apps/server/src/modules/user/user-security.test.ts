import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type Called, type TestApp, callApi } from '../../test/helpers.js';
import { countRows, latestCode } from '../../test/codes.js';

function expectFail(res: Called<unknown>, status: number, msg: string, code = 0): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code, msg });
}

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.3.0.${(ipCounter += 1)}` });

describe('user security: bind mobile, reset and change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function smsCode(mobile: string, scene: string, token?: string): Promise<string> {
    const res = await callApi(t.app, api.sendSmsCode, { body: { mobile, scene }, token, headers: freshIp() });
    expect(res.status).toBe(200);
    return latestCode(t, mobile);
  }

  async function emailCode(email: string, scene: string): Promise<string> {
    const res = await callApi(t.app, api.sendEmailCode, { body: { email, scene }, headers: freshIp() });
    expect(res.status).toBe(200);
    return latestCode(t, email);
  }

  const signIn = (account: string, password: string, headers = freshIp()) =>
    callApi(t.app, api.login, { body: { scene: 1, account, password }, locale: 'en', headers });

  it('POST /user/bindMobile binds and changes the number with an SMS code; a number of another account is refused', async () => {
    const { user, token } = await makeUser(t.app);
    const code = await smsCode('13700000001', 'bind_mobile', token);
    const res = await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000001', code }, locale: 'en' });
    expect(res.body).toMatchObject({ code: 1, msg: 'Mobile number bound', data: { id: user.id, mobile: '13700000001' } });
    expect((await callApi(t.app, api.info, { token })).body.data.mobile).toBe('13700000001');

    const change = await smsCode('13700000002', 'change_mobile', token);
    // A bind_mobile code is not a change_mobile code.
    expectFail(await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000002', code: change }, locale: 'en' }), 400, 'The verification code is wrong or no longer valid');
    const changed = await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000002', code: change, scene: 'change_mobile' } });
    expect(changed.body.data.mobile).toBe('13700000002');

    const other = await makeUser(t.app, { mobile: '13700000003' });
    expectFail(await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000003', code: '123456' }, locale: 'zh' }), 409, '该手机号已注册');
    expectFail(await callApi(t.app, api.bindMobile, { token, body: { mobile: '1370000000', code: '123456' }, locale: 'en' }), 400, 'Invalid mobile number');
    expectFail(await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000004', code: '123456', scene: 'login' }, locale: 'en' }), 400, 'Invalid parameter: scene');
    expectFail(await callApi(t.app, api.bindMobile, { token, body: { mobile: '13700000004' }, locale: 'en' }), 400, 'Verification code is required');
    expectFail(await callApi(t.app, api.bindMobile, { body: { mobile: '13700000004', code: '123456' }, locale: 'en' }), 401, 'Please log in before proceeding', -1);
    const row = await t.app.ctx.db.selectFrom('users').select('mobile').where('id', '=', other.user.id).executeTakeFirstOrThrow();
    expect(row.mobile).toBe('13700000003');
  });

  it('POST /user/resetPassword (mobile code) sets the password, ends every session and lifts a lockout', async () => {
    const { user, token } = await makeUser(t.app, { mobile: '13700000010', password: 'old123' });
    // Locked for one address; the reset lifts it there too.
    const address = freshIp();
    for (let i = 0; i < 10; i += 1) await signIn('13700000010', `bad${i}xx`, address);
    expectFail(await signIn('13700000010', 'old123', address), 429, 'Too many wrong passwords, try again in 15 minutes');
    const code = await smsCode('13700000010', 'find_password');
    const res = await callApi(t.app, api.resetPassword, { body: { mobile: '13700000010', code, password: 'new123', password_confirm: 'new123' }, locale: 'en' });
    expect(res.body).toMatchObject({ code: 1, msg: 'Password reset, please sign in again' });
    expectFail(await callApi(t.app, api.info, { token, locale: 'en' }), 401, 'Your session has expired, please log in again', -1);
    expectFail(await signIn('13700000010', 'old123', address), 401, 'Wrong account or password');
    expect((await signIn('13700000010', 'new123', address)).body.code).toBe(1);
    const reused = await callApi(t.app, api.resetPassword, { body: { mobile: '13700000010', code, password: 'other123', password_confirm: 'other123' }, locale: 'en' });
    expectFail(reused, 400, 'The verification code is wrong or no longer valid');
    expect(user.id).toBeGreaterThan(0);
  });

  it('POST /user/resetEmailPassword (email code) resets; bad input is refused and changes nothing', async () => {
    await makeUser(t.app, { email: 'forgot@example.com', password: 'old123' });
    const hash = async () => (await t.app.ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'forgot@example.com').executeTakeFirstOrThrow()).password_hash;
    const before = await hash();
    const code = await emailCode('forgot@example.com', 'find_password');
    const post = (body: unknown, locale = 'en') => callApi(t.app, api.resetEmailPassword, { body, locale });
    expectFail(await post({ email: 'nobody@example.com', code, password: 'new123', password_confirm: 'new123' }), 404, 'Email does not exist');
    expectFail(await post({ email: 'forgot@example.com', code, password: 'new12', password_confirm: 'new12' }, 'ko'), 400, '비밀번호는 6-20자여야 합니다');
    expectFail(await post({ email: 'forgot@example.com', code, password: '123456', password_confirm: '123456' }), 400, 'Password must contain digits plus letters or symbols');
    expectFail(await post({ email: 'forgot@example.com', code, password: 'abcdef', password_confirm: 'abcdef' }), 400, 'Password must contain digits plus letters or symbols');
    expectFail(await post({ email: 'forgot@example.com', code, password: 'new123', password_confirm: 'new124' }, 'zh'), 400, '两次输入的密码不一致');
    expectFail(await post({ email: 'forgot@example.com', password: 'new123', password_confirm: 'new123' }), 400, 'Verification code is required');
    expect(await hash()).toBe(before);
    expect((await post({ email: 'forgot@example.com', code, password: 'new123', password_confirm: 'new123' }, 'ja')).body).toMatchObject({ code: 1, msg: 'パスワードを再設定しました。再度ログインしてください' });
    expect(await hash()).not.toBe(before);
    expect((await signIn('forgot@example.com', 'new123')).body.code).toBe(1);
  });

  it('POST /user/changePassword needs the current password, revokes every session and returns a fresh token', async () => {
    const { user, token } = await makeUser(t.app, { email: 'change@example.com', password: 'old123' });
    const second = await t.app.sessions.create(user.id, { terminal: 'h5', ip: null, userAgent: null });
    const post = (body: unknown, locale = 'en') => callApi(t.app, api.changePassword, { token, body, locale });
    expectFail(await post({ password: 'new123', password_confirm: 'new123' }), 400, 'Password is required');
    expectFail(await post({ old_password: 'wrong123', password: 'new123', password_confirm: 'new123' }, 'zh'), 400, '原密码错误');
    expectFail(await post({ old_password: 'old123', password: 'short', password_confirm: 'short' }), 400, 'Password length should be 6-20');
    expectFail(await post({ old_password: 'old123', password: 'new123', password_confirm: 'nope' }), 400, 'Passwords entered do not match');
    expect((await callApi(t.app, api.info, { token: second })).body.code).toBe(1);
    const changed = await post({ old_password: 'old123', password: 'new123', password_confirm: 'new123' });
    expect(changed.body).toMatchObject({ code: 1, msg: 'Password changed; other devices have been signed out' });
    const fresh = changed.body.data.token;
    expect(fresh).not.toBe(token);
    expect((await callApi(t.app, api.info, { token })).status).toBe(401);
    expect((await callApi(t.app, api.info, { token: second })).status).toBe(401);
    expect((await callApi(t.app, api.info, { token: fresh })).body.code).toBe(1);
    expect((await signIn('change@example.com', 'new123')).body.code).toBe(1);
  });

  it('a code-only account sets its first password without an old one', async () => {
    const code = await emailCode('codeonly@example.com', 'login');
    const login = await callApi(t.app, api.login, { body: { scene: 3, account: 'codeonly@example.com', code }, headers: freshIp() });
    const token = login.body.data.token;
    const sessions = await countRows(t.app, 'sessions');
    const res = await callApi(t.app, api.changePassword, { token, body: { password: 'first123', password_confirm: 'first123' } });
    expect(res.body.code).toBe(1);
    expect(await countRows(t.app, 'sessions')).toBe(sessions + 1);
    expect((await callApi(t.app, api.info, { token: res.body.data.token })).body.data.has_password).toBe(true);
    expect((await signIn('codeonly@example.com', 'first123')).body.code).toBe(1);
  });
});
