import { api } from '@xueba/contract';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { APP_URL, CALLBACK_PATH, CLIENT_ID, CLIENT_SECRET, SECURE_APP_URL, signInAtProvider, startProvider, type Peer } from '../../test/oidc-peer.js';
import { REDIRECT_BYPASSES, SAME_SITE_PATHS } from '../../../../../packages/contract/src/safe-path.cases.js';
import { safeRedirect } from './redirect.js';

function setCookies(headers: Record<string, unknown>): string {
  const setCookie = headers['set-cookie'];
  return Array.isArray(setCookie) ? setCookie.join('\n') : String(setCookie ?? '');
}

/** Starts a sign-in as a browser would; `binding` is the browser-binding cookie it was given. */
async function startAt(t: TestApp, redirect?: string): Promise<{ status: number; location: string; binding: string | null; cookie: string }> {
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
  const response = await t.app.inject({ method: 'GET', url: `/api/login/google${query}` });
  const cookie = setCookies(response.headers);
  return { status: response.statusCode, location: String(response.headers.location ?? ''), binding: /(?:^|\n)oauth_binding=([^;]+)/.exec(cookie)?.[1] ?? null, cookie };
}

/** The provider's redirect back, arriving in a browser that holds `binding` (or none). */
async function callback(t: TestApp, url: URL, binding: string | null = null) {
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: binding ? { cookie: `oauth_binding=${binding}` } : {} });
  const lines = setCookies(response.headers).split('\n');
  // `cookie` is the session cookie's line; `binding` the binding cookie's (cleared by every callback).
  const cookie = lines.find((line) => line.startsWith('token=')) ?? '';
  const token = /^token=([^;]+)/.exec(cookie)?.[1] ?? null;
  return { status: response.statusCode, location: String(response.headers.location ?? ''), cookie, token, binding: lines.find((line) => line.startsWith('oauth_binding=')) ?? '' };
}

/** The whole browser round trip: start, provider pages, callback. */
async function googleSignIn(t: TestApp, login: string, redirect = '/chat') {
  const started = await startAt(t, redirect);
  return callback(t, await signInAtProvider(started.location, login), started.binding);
}

describe('Google sign-in (OpenID Connect, code + PKCE) against a local oidc-provider', () => {
  let peer: Peer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startProvider({ idTokenClaims: true });
    t = await createTestApp({ PUBLIC_URL: APP_URL, GOOGLE_ISSUER: peer.issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('shows the Google button in /pc/config when configured by env', async () => {
    const config = await callApi(t.app, api.config);
    expect(config.body.data.login).toMatchObject({ google: true, wechat: false });
    const providers = await callApi(t.app, api.oauthProviders);
    expect(providers.body).toMatchObject({ code: 1, data: { google: true, wechat: false } });
  });

  it('redirects to the provider with PKCE (S256), state and nonce, remembering them server-side', async () => {
    const started = await startAt(t, '/chat?topic=1');
    expect(started.status).toBe(302);
    const url = new URL(started.location);
    expect(url.origin).toBe(peer.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}${CALLBACK_PATH}`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const state = url.searchParams.get('state') ?? '';
    const row = await t.owned.ctx.db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirstOrThrow();
    expect(row.provider).toBe('google');
    expect(row.redirect).toBe('/chat?topic=1');
    expect(row.nonce).toBe(url.searchParams.get('nonce'));
    // The challenge is the S256 of the verifier we keep (never sent to the browser).
    expect(crypto.createHash('sha256').update(row.code_verifier ?? '').digest('base64url')).toBe(url.searchParams.get('code_challenge'));
    expect(started.location).not.toContain(row.code_verifier ?? '-');
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(10 * 60 * 1000);
  });

  it('creates the account from the ID token claims, sets the token cookie and lands on /lang/google', async () => {
    const result = await googleSignIn(t, 'alice', '/chat?topic=1');
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/lang/google?redirect=${encodeURIComponent('/chat?topic=1')}`);
    expect(result.token).toBeTruthy();
    expect(result.cookie).toMatch(/Path=\//);
    expect(result.cookie).toMatch(/Max-Age=31104000/);
    expect(result.cookie).toMatch(/SameSite=Lax/);
    expect(result.cookie).not.toMatch(/HttpOnly/i);
    expect(result.cookie).not.toMatch(/Secure/i);

    const info = await callApi(t.app, api.info, { token: result.token ?? '' });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      email: 'alice@example.com',
      nickname: 'Alice Liddell',
      avatar: 'https://images.example/alice.png',
      google_bound: true,
      has_password: false,
    });
    // The sign-up gift, through the ledger.
    expect(info.body.data.balance).toMatchObject({ conversation_count: 10, word_count: 10_000, drawing_count: 3 });
    const states = await t.owned.ctx.db.selectFrom('oauth_states').select('state').where('redirect', '=', '/chat?topic=1').execute();
    expect(states).toHaveLength(1); // only the one from the previous test, never finished

    const again = await googleSignIn(t, 'alice');
    const secondInfo = await callApi(t.app, api.info, { token: again.token ?? '' });
    expect(secondInfo.body.data.id).toBe(info.body.data.id);
    const alices = await t.owned.ctx.db.selectFrom('users').select('id').where('email', '=', 'alice@example.com').execute();
    expect(alices).toHaveLength(1);
  });

  it('links a verified email to the existing account and never links an unverified one', async () => {
    const bob = await makeUser(t.app, { email: 'bob.linked@example.com' });
    const result = await googleSignIn(t, 'bob');
    const info = await callApi(t.app, api.info, { token: result.token ?? '' });
    expect(info.body.data).toMatchObject({ id: bob.user.id, google_bound: true, has_password: true });

    const carol = await makeUser(t.app, { email: 'carol.unverified@example.com' });
    const unverified = await googleSignIn(t, 'carol');
    const carolInfo = await callApi(t.app, api.info, { token: unverified.token ?? '' });
    expect(carolInfo.body.data.id).not.toBe(carol.user.id);
    expect(carolInfo.body.data.email).toBeNull();
    const original = await t.owned.ctx.db.selectFrom('users').select('google_sub').where('id', '=', carol.user.id).executeTakeFirstOrThrow();
    expect(original.google_sub).toBeNull();
  });

  it('binds the sign-in to the browser that started it: a callback without its cookie, or with another browser\'s, signs nobody in', async () => {
    const sessions = async () => (await t.owned.ctx.db.selectFrom('sessions').select('id').execute()).length;
    const other = '/lang/google?error=oauth_other_browser';
    // The attacker starts a sign-in to their own account and stops at the callback URL.
    const attacker = await startAt(t, '/');
    expect(attacker.cookie).toMatch(/^oauth_binding=[0-9a-f]{64}; Max-Age=600; Path=\/api\/login; HttpOnly; SameSite=Lax$/m);
    const state = new URL(attacker.location).searchParams.get('state') ?? '';
    const row = await t.owned.ctx.db.selectFrom('oauth_states').select('code_verifier').where('state', '=', state).executeTakeFirstOrThrow();
    expect(attacker.binding).not.toContain(state);
    expect(attacker.binding).not.toContain(row.code_verifier ?? '-');
    const planted = await signInAtProvider(attacker.location, 'dave');
    const before = await sessions();

    // The victim's browser follows it: no cookie at all, or the cookie of the victim's own sign-in.
    const bare = await callback(t, planted);
    expect(bare).toMatchObject({ status: 302, location: other, token: null });
    const victim = await startAt(t, '/');
    const crossed = await callback(t, planted, victim.binding);
    expect(crossed).toMatchObject({ status: 302, location: other, token: null });
    expect(crossed.binding).toMatch(/^oauth_binding=; Max-Age=0; Path=\/api\/login; (Expires=[^;]+; )?HttpOnly; SameSite=Lax$/);
    // A forged cookie value is no better, and the refused state is spent: even the attacker's own cookie is now too late.
    expect((await callback(t, planted, 'f'.repeat(64))).location).toBe('/lang/google?error=oauth_failed');
    expect((await callback(t, planted, attacker.binding)).location).toBe('/lang/google?error=oauth_failed');
    expect(await sessions()).toBe(before);

    // The browser that started it finishes it.
    const own = await startAt(t, '/chat');
    const done = await callback(t, await signInAtProvider(own.location, 'dave'), own.binding);
    expect(done.location).toBe('/lang/google?redirect=%2Fchat');
    expect(done.token).toBeTruthy();
    expect(await sessions()).toBe(before + 1);
  });

  it('uses each state once: a replayed callback fails and opens no session', async () => {
    const started = await startAt(t, '/');
    const callbackUrl = await signInAtProvider(started.location, 'dave');
    const first = await callback(t, callbackUrl, started.binding);
    expect(first.location).toBe('/lang/google?redirect=%2F');
    const sessionsBefore = await t.owned.ctx.db.selectFrom('sessions').select('id').execute();
    const replay = await callback(t, callbackUrl, started.binding);
    expect(replay.status).toBe(302);
    expect(replay.location).toBe('/lang/google?error=oauth_failed');
    expect(replay.token).toBeNull();
    expect(await t.owned.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(sessionsBefore.length);
  });

  it('fails cleanly on an unknown, missing or expired state, a forged code and a denied consent', async () => {
    const failed = '/lang/google?error=oauth_failed';
    const { binding } = await startAt(t, '/');
    expect((await callback(t, new URL(`${APP_URL}${CALLBACK_PATH}?code=abc&state=not-a-real-state`), binding)).location).toBe(failed);
    expect((await callback(t, new URL(`${APP_URL}${CALLBACK_PATH}?code=abc`), binding)).location).toBe(failed);
    expect((await callback(t, new URL(`${APP_URL}${CALLBACK_PATH}`), binding)).location).toBe(failed);
    expect((await callback(t, new URL(`${APP_URL}${CALLBACK_PATH}?code=a&state=${'x'.repeat(5000)}`), binding)).location).toBe(failed);

    // Expired: the provider's code is still good, our 10-minute state is not.
    const started = await startAt(t, '/');
    const late = await signInAtProvider(started.location, 'dave');
    t.clock.advance(11 * 60 * 1000);
    const expired = await callback(t, late, started.binding);
    expect(expired.location).toBe(failed);
    expect(expired.token).toBeNull();

    // A forged code with a good state: the token exchange fails at the provider.
    const forgedStart = await startAt(t, '/');
    const real = await signInAtProvider(forgedStart.location, 'dave');
    real.searchParams.set('code', 'forged-authorization-code');
    const forged = await callback(t, real, forgedStart.binding);
    expect(forged.location).toBe(failed);
    expect(forged.token).toBeNull();

    const denyStart = await startAt(t, '/');
    const denied = await signInAtProvider(denyStart.location, 'dave', { deny: true });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const deniedResult = await callback(t, denied, denyStart.binding);
    expect(deniedResult.location).toBe(failed);
    expect(deniedResult.token).toBeNull();
    // The denied sign-in's state is gone too.
    const left = await t.owned.ctx.db.selectFrom('oauth_states').select('state').where('state', '=', denied.searchParams.get('state') ?? '').execute();
    expect(left).toHaveLength(0);
  });

  it('refuses a disabled account', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const first = await googleSignIn(t, 'dave');
    const info = await callApi(t.app, api.info, { token: first.token ?? '' });
    await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: info.body.data.id, disabled: true } });
    const refused = await googleSignIn(t, 'dave');
    expect(refused.location).toBe('/lang/google?error=account_disabled');
    expect(refused.token).toBeNull();
    await callApi(t.app, api.setUserDisabled, { token: admin.token, body: { user_id: info.body.data.id, disabled: false } });
  });

  it('only ever returns to a same-site path: every known filter bypass is stored as /', async () => {
    for (const target of REDIRECT_BYPASSES) {
      const started = await startAt(t, target);
      const state = new URL(started.location).searchParams.get('state') ?? '';
      const row = await t.owned.ctx.db.selectFrom('oauth_states').select('redirect').where('state', '=', state).executeTakeFirstOrThrow();
      expect(row.redirect, JSON.stringify(target).slice(0, 60)).toBe('/');
    }
    const result = await googleSignIn(t, 'alice', '/.//evil.example/steal');
    expect(result.location).toBe('/lang/google?redirect=%2F');

    for (const [input, expected] of SAME_SITE_PATHS) expect(safeRedirect(input), input).toBe(expected);
    expect(safeRedirect(['/x'])).toBe('/');
  });
});

describe('Google sign-in settings from the admin page, secure cookies and userinfo claims', () => {
  let peer: Peer;
  let userinfoPeer: Peer;
  beforeAll(async () => {
    [peer, userinfoPeer] = await Promise.all([startProvider({ idTokenClaims: true }), startProvider({ idTokenClaims: false })]);
  });
  afterAll(async () => {
    await peer?.close();
    await userinfoPeer?.close();
  });

  it('is off until an administrator saves issuer, client id and a sealed secret', async () => {
    const t = await createTestApp({ PUBLIC_URL: APP_URL });
    try {
      const off = await startAt(t, '/');
      expect(off).toMatchObject({ status: 302, location: '/lang/google?error=oauth_not_configured', binding: null });
      expect((await callApi(t.app, api.config)).body.data.login.google).toBe(false);
      expect((await callApi(t.app, api.oauthProviders)).body.data).toEqual({ google: false, wechat: false });

      const admin = await makeUser(t.app, { role: 'admin' });
      const empty = await callApi(t.app, api.getOauth, {
        token: admin.token,
      });
      expect(empty.body.data.google).toMatchObject({ source: 'none', enabled: false, secret_set: false });
      expect(empty.body.data.callbacks.google).toBe(`${APP_URL}${CALLBACK_PATH}`);

      for (const issuer of ['http://evil.example', 'ftp://127.0.0.1/', 'not a url', 'https://']) {
        const bad = await callApi(t.app, api.saveOauth, { token: admin.token, body: { google: { issuer, client_id: CLIENT_ID } }, locale: 'en' });
        expect(bad.status, issuer).toBe(400);
      }
      const badIssuer = await callApi(t.app, api.saveOauth, { token: admin.token, body: { google: { issuer: 'http://evil.example' } }, locale: 'en' });
      expect(badIssuer.body.msg).toBe('The issuer must be an https URL');
      const badId = await callApi(t.app, api.saveOauth, { token: admin.token, body: { google: { issuer: peer.issuer, client_id: 'has space' } } });
      expect(badId.status).toBe(400);

      const partial = await callApi(t.app, api.saveOauth, {
        token: admin.token,
        body: { google: { issuer: peer.issuer, client_id: CLIENT_ID } },
      });
      expect(partial.body.data.google).toMatchObject({ enabled: false, secret_set: false });

      const saved = await callApi(t.app, api.saveOauth, {
        token: admin.token,
        body: { google: { issuer: peer.issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET } },
        locale: 'en',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.msg).toBe('Saved');
      expect(JSON.stringify(saved.body)).not.toContain(CLIENT_SECRET);
      expect(saved.body.data).toMatchObject({ google: { source: 'settings', enabled: true, issuer: peer.issuer, client_id: CLIENT_ID, secret_set: true } });
      const read = await callApi(t.app, api.getOauth, { token: admin.token });
      expect(JSON.stringify(read.body)).not.toContain(CLIENT_SECRET);
      const stored = await t.owned.ctx.db.selectFrom('settings').select('value').where('key', '=', 'oauth').executeTakeFirstOrThrow();
      expect(JSON.stringify(stored.value)).not.toContain(CLIENT_SECRET);

      expect((await callApi(t.app, api.config)).body.data.login.google).toBe(true);
      expect((await callApi(t.app, api.oauthProviders)).body.data).toEqual({ google: true, wechat: false });
      const result = await googleSignIn(t, 'alice');
      expect(result.location).toBe('/lang/google?redirect=%2Fchat');
      expect(result.token).toBeTruthy();

      // Saving without a secret keeps it; an empty secret removes it.
      const kept = await callApi(t.app, api.saveOauth, {
        token: admin.token,
        body: { google: { issuer: peer.issuer, client_id: CLIENT_ID } },
      });
      expect(kept.body.data.google.secret_set).toBe(true);
      await callApi(t.app, api.saveOauth, { token: admin.token, body: { google: { issuer: peer.issuer, client_id: CLIENT_ID, client_secret: '' } } });
      expect((await callApi(t.app, api.config)).body.data.login.google).toBe(false);
      expect((await startAt(t, '/')).location).toBe('/lang/google?error=oauth_not_configured');
    } finally {
      await t.close();
    }
  });

  it('marks the cookie Secure on an https site and reads email and name from userinfo when the ID token lacks them', async () => {
    const t = await createTestApp({ PUBLIC_URL: SECURE_APP_URL, GOOGLE_ISSUER: userinfoPeer.issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET });
    try {
      const started = await startAt(t, '/');
      expect(new URL(started.location).searchParams.get('redirect_uri')).toBe(`${SECURE_APP_URL}${CALLBACK_PATH}`);
      expect(started.cookie).toMatch(/oauth_binding=[^;]+;.*Secure/);
      const result = await callback(t, await signInAtProvider(started.location, 'alice'), started.binding);
      expect(result.location).toBe('/lang/google?redirect=%2F');
      expect(result.cookie).toMatch(/Secure/);
      const info = await callApi(t.app, api.info, { token: result.token ?? '' });
      expect(info.body.data).toMatchObject({ email: 'alice@example.com', nickname: 'Alice Liddell', google_bound: true });
    } finally {
      await t.close();
    }
  });

  it('fails with oauth_failed when the provider cannot be reached or the secret is wrong', async () => {
    const t = await createTestApp({ PUBLIC_URL: APP_URL, GOOGLE_ISSUER: 'http://127.0.0.1:9', GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET });
    const wrongSecret = await createTestApp({ PUBLIC_URL: APP_URL, GOOGLE_ISSUER: peer.issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'not-the-secret' });
    try {
      expect(await startAt(t, '/')).toMatchObject({ status: 302, location: '/lang/google?error=oauth_failed' });
      const result = await googleSignIn(wrongSecret, 'alice');
      expect(result.location).toBe('/lang/google?error=oauth_failed');
      expect(result.token).toBeNull();
    } finally {
      await t.close();
      await wrongSecret.close();
    }
  });
});
