import { api } from '@xueba/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';

const APP_URL = 'https://xueba.example';
const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = 'wechat-app-secret-0123456789';

/** Users of the fake WeChat API, by authorization code. */
const PEOPLE: Record<string, { openid: string; unionid?: string; nickname: string; headimgurl: string }> = {
  'code-wang': { openid: 'openid-wang', unionid: 'union-wang', nickname: '王小明', headimgurl: 'https://thirdwx.qlogo.cn/mmopen/wang/132' },
  'code-li': { openid: 'openid-li', nickname: 'Li <script>alert(1)</script>', headimgurl: 'javascript:alert(1)' },
  'code-zhao': { openid: 'openid-zhao-web', unionid: 'union-zhao', nickname: '赵', headimgurl: '' },
  'code-broken-info': { openid: 'openid-broken', nickname: 'x', headimgurl: '' },
  'code-chen': { openid: 'openid-chen', unionid: 'union-chen', nickname: '陈', headimgurl: '' },
};

/**
 * A local stand-in for api.weixin.qq.com speaking the two documented calls:
 * `/sns/oauth2/access_token` and `/sns/userinfo`, JSON labelled text/plain,
 * failures as `{errcode, errmsg}` with HTTP 200 (as WeChat does).
 */
async function startWechatApi(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wechat.local');
    requests.push(url.pathname);
    const q = url.searchParams;
    let body: Record<string, unknown>;
    if (url.pathname === '/sns/oauth2/access_token') {
      const person = PEOPLE[q.get('code') ?? ''];
      if (q.get('appid') !== APP_ID || q.get('secret') !== APP_SECRET) body = { errcode: 40125, errmsg: 'invalid appsecret' };
      else if (q.get('grant_type') !== 'authorization_code') body = { errcode: 40002, errmsg: 'invalid grant_type' };
      else if (!person) body = { errcode: 40029, errmsg: 'invalid code' };
      else body = { access_token: `at-${person.openid}`, expires_in: 7200, refresh_token: 'rt', openid: person.openid, scope: 'snsapi_login', ...(person.unionid ? { unionid: person.unionid } : {}) };
    } else if (url.pathname === '/sns/userinfo') {
      const person = Object.values(PEOPLE).find((p) => `at-${p.openid}` === q.get('access_token') && p.openid === q.get('openid'));
      if (!person || person.openid === 'openid-broken') body = { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
      else body = { openid: person.openid, nickname: person.nickname, sex: 0, province: '', city: '', country: 'CN', headimgurl: person.headimgurl, privilege: [], ...(person.unionid ? { unionid: person.unionid } : {}) };
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function bindingOf(headers: Record<string, unknown>): string | null {
  const setCookie = headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie.map(String) : [String(setCookie ?? '')];
  return lines.map((line) => /^oauth_binding=([^;]+)/.exec(line)?.[1]).find(Boolean) ?? null;
}

describe('WeChat sign-in (OAuth 2.0 QR connect) against a local WeChat API', () => {
  let wechat: Awaited<ReturnType<typeof startWechatApi>>;
  let t: TestApp;
  beforeAll(async () => {
    wechat = await startWechatApi();
    t = await createTestApp({ PUBLIC_URL: APP_URL, WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: APP_SECRET, WECHAT_API_URL: wechat.url });
  });
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  async function start(redirect = '/') {
    const response = await t.app.inject({ method: 'GET', url: `/api/login/wechat?redirect=${encodeURIComponent(redirect)}` });
    return { status: response.statusCode, location: String(response.headers.location ?? ''), binding: bindingOf(response.headers) };
  }

  /** WeChat's redirect back, arriving in a browser that holds `binding` (or none). */
  async function back(query: Record<string, string>, binding: string | null) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/login/wechat/callback?${new URLSearchParams(query).toString()}`,
      headers: binding ? { cookie: `oauth_binding=${binding}` } : {},
    });
    const setCookie = response.headers['set-cookie'];
    const cookie = Array.isArray(setCookie) ? (setCookie.find((line) => line.startsWith('token=')) ?? '') : (setCookie ?? '');
    return { status: response.statusCode, location: String(response.headers.location ?? ''), cookie, token: /^token=([^;]+)/.exec(cookie)?.[1] ?? null };
  }

  /** WeChat shows the QR code; after the scan it sends the browser back with the code and our state. */
  async function signIn(code: string, redirect = '/') {
    const started = await start(redirect);
    const state = new URL(started.location).searchParams.get('state') ?? '';
    return back({ code, state }, started.binding);
  }

  it('sends the browser to the QR connect page with our app id, callback and state', async () => {
    const started = await start('/user/info');
    expect(started.status).toBe(302);
    const url = new URL(started.location);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(APP_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/login/wechat/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    const row = await t.owned.ctx.db.selectFrom('oauth_states').selectAll().where('state', '=', url.searchParams.get('state') ?? '').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'wechat', redirect: '/user/info', code_verifier: null });
    expect(started.location).not.toContain(APP_SECRET);
    const config = await callApi(t.app, api.config);
    expect(config.body.data.login.wechat).toBe(true);
  });

  it('creates the account from the WeChat profile, sets the cookie, and finds it again next time', async () => {
    const result = await signIn('code-wang', '/user/info');
    expect(result.status).toBe(302);
    expect(result.location).toBe('/lang/google?redirect=%2Fuser%2Finfo');
    expect(result.cookie).toMatch(/Max-Age=31104000/);
    expect(result.cookie).toMatch(/SameSite=Lax/);
    expect(result.cookie).toMatch(/Secure/);
    expect(result.cookie).not.toMatch(/HttpOnly/i);
    const info = await callApi(t.app, api.info, { token: result.token ?? '' });
    expect(info.body.data).toMatchObject({ nickname: '王小明', avatar: 'https://thirdwx.qlogo.cn/mmopen/wang/132', wechat_bound: true, email: null });
    expect(info.body.data.balance.conversation_count).toBe(10);
    const row = await t.owned.ctx.db.selectFrom('users').select(['wechat_openid', 'wechat_unionid']).where('id', '=', info.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ wechat_openid: 'openid-wang', wechat_unionid: 'union-wang' });
    expect(wechat.requests.slice(-2)).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);

    const again = await signIn('code-wang');
    const second = await callApi(t.app, api.info, { token: again.token ?? '' });
    expect(second.body.data.id).toBe(info.body.data.id);
  });

  it('finishes only in the browser that started it: a replayed callback without the cookie or with another browser\'s is refused', async () => {
    const other = '/lang/google?error=oauth_other_browser';
    const usersBefore = await t.owned.ctx.db.selectFrom('users').select('id').execute();
    const sessionsBefore = await t.owned.ctx.db.selectFrom('sessions').select('id').execute();
    // The attacker scans with their own WeChat and keeps the callback URL for the victim's browser.
    const attacker = await start('/');
    const state = new URL(attacker.location).searchParams.get('state') ?? '';
    expect(attacker.binding).toMatch(/^[0-9a-f]{64}$/);
    const bare = await back({ code: 'code-chen', state }, null);
    expect(bare).toMatchObject({ location: other, token: null });
    const victim = await start('/');
    const crossed = await back({ code: 'code-chen', state }, victim.binding);
    expect(crossed).toMatchObject({ location: other, token: null });
    expect(await t.owned.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(usersBefore.length);
    expect(await t.owned.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
    // The victim's own sign-in, in the victim's browser, still works.
    const own = await back({ code: 'code-chen', state: new URL(victim.location).searchParams.get('state') ?? '' }, victim.binding);
    expect(own.location).toBe('/lang/google?redirect=%2F');
    expect(own.token).toBeTruthy();
  });

  it('keeps hostile profile text as text and drops a non-http avatar', async () => {
    const result = await signIn('code-li');
    const info = await callApi(t.app, api.info, { token: result.token ?? '' });
    expect(info.body.data.nickname).toBe('Li <script>alert(1)</script>');
    expect(info.body.data.avatar).toBe('');
  });

  it('finds an account by unionid even when this app gives another openid', async () => {
    const existing = await t.app.services.accounts.create({ wechatOpenid: 'openid-zhao-mobile-app', wechatUnionid: 'union-zhao', nickname: 'Zhao' });
    const result = await signIn('code-zhao');
    const info = await callApi(t.app, api.info, { token: result.token ?? '' });
    expect(info.body.data.id).toBe(existing.id);
  });

  it('fails with oauth_failed on an errcode from either call, a denied scan, or a bad state', async () => {
    const failed = '/lang/google?error=oauth_failed';
    const usersBefore = await t.owned.ctx.db.selectFrom('users').select('id').execute();
    const badCode = await signIn('code-unknown');
    expect(badCode.location).toBe(failed);
    expect(badCode.token).toBeNull();
    const badInfo = await signIn('code-broken-info');
    expect(badInfo.location).toBe(failed);

    // The person closed the QR page: WeChat returns with the state only.
    const started = await start('/');
    const state = new URL(started.location).searchParams.get('state') ?? '';
    expect((await back({ state }, started.binding)).location).toBe(failed);
    // That state is spent.
    expect((await back({ code: 'code-wang', state }, started.binding)).location).toBe(failed);

    expect((await back({ code: 'code-wang', state: 'made-up-state' }, started.binding)).location).toBe(failed);
    expect((await back({ code: 'code-wang' }, started.binding)).location).toBe(failed);

    // A Google state is no good for WeChat.
    await t.owned.ctx.db
      .insertInto('oauth_states')
      .values({ state: 'google-state-1', provider: 'google', code_verifier: 'v', nonce: 'n', redirect: '/', expires_at: new Date(Date.now() + 600_000) })
      .execute();
    expect((await back({ code: 'code-wang', state: 'google-state-1' }, started.binding)).location).toBe(failed);

    // Expired after 10 minutes.
    const late = await start('/');
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await back({ code: 'code-wang', state: new URL(late.location).searchParams.get('state') ?? '' }, late.binding)).location).toBe(failed);

    expect(await t.owned.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(usersBefore.length);
  });

  it('refuses a disabled account', async () => {
    const first = await signIn('code-wang');
    const info = await callApi(t.app, api.info, { token: first.token ?? '' });
    await t.owned.ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', info.body.data.id).execute();
    const refused = await signIn('code-wang');
    expect(refused.location).toBe('/lang/google?error=account_disabled');
    expect(refused.token).toBeNull();
    await t.owned.ctx.db.updateTable('users').set({ disabled: false }).where('id', '=', info.body.data.id).execute();
  });
});

describe('WeChat sign-in settings and failures of the transport', () => {
  it('is off without settings, on after the admin saves app id and secret, and fails cleanly when WeChat is unreachable', async () => {
    const wechat = await startWechatApi();
    const t = await createTestApp({ PUBLIC_URL: APP_URL, WECHAT_API_URL: wechat.url });
    try {
      const off = await t.app.inject({ method: 'GET', url: '/api/login/wechat' });
      expect(off.headers.location).toBe('/lang/google?error=oauth_not_configured');
      const admin = await makeUser(t.app, { role: 'admin' });
      const saved = await callApi(t.app, api.saveOauth, {
        token: admin.token,
        body: { wechat: { app_id: APP_ID, app_secret: APP_SECRET } },
      });
      expect(saved.body.data.wechat).toEqual({ source: 'settings', enabled: true, app_id: APP_ID, secret_set: true });
      expect(JSON.stringify(saved.body)).not.toContain(APP_SECRET);
      const started = await t.app.inject({ method: 'GET', url: '/api/login/wechat?redirect=/chat' });
      const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
      const done = await t.app.inject({ method: 'GET', url: `/api/login/wechat/callback?code=code-wang&state=${state}`, headers: { cookie: `oauth_binding=${bindingOf(started.headers)}` } });
      expect(done.headers.location).toBe('/lang/google?redirect=%2Fchat');

      await wechat.close();
      const again = await t.app.inject({ method: 'GET', url: '/api/login/wechat' });
      const state2 = new URL(String(again.headers.location)).searchParams.get('state') ?? '';
      const down = await t.app.inject({ method: 'GET', url: `/api/login/wechat/callback?code=code-wang&state=${state2}`, headers: { cookie: `oauth_binding=${bindingOf(again.headers)}` } });
      expect(down.headers.location).toBe('/lang/google?error=oauth_failed');
    } finally {
      await t.close();
    }
  });
});
