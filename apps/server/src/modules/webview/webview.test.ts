import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, webviewUrl } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';

describe('embedded views: the allow-list, its server check and the CSP frame-src', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const check = (url: string) => callApi(t.app, api.webviewCheck, { query: { url }, locale: 'en' });

  it('the same rule in the contract: https, the exact host, no credentials, no other port', () => {
    const hosts = ['docs.example.com'];
    expect(webviewUrl('https://docs.example.com/a?b=1#c', hosts)).toBe('https://docs.example.com/a?b=1#c');
    expect(webviewUrl('HTTPS://DOCS.EXAMPLE.COM/', hosts)).toBe('https://docs.example.com/');
    for (const bad of [
      'http://docs.example.com/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://docs.example.com.evil.io/',
      'https://evil-docs.example.com/',
      'https://example.com/',
      'https://docs.example.com@evil.io/',
      'https://user:pw@docs.example.com/',
      'https://docs.example.com:8443/',
      '//docs.example.com/',
      'https://docs.exаmple.com/', // Cyrillic а: a lookalike, punycoded by the URL parser
      ' java\tscript:alert(1)',
    ]) {
      expect(webviewUrl(bad, hosts), bad).toBeNull();
    }
  });

  it('refuses everything until an administrator lists a host; then only that host over https', async () => {
    expect((await check('https://docs.example.com/')).body).toMatchObject({ key: 'webview_refused', msg: 'This link is not allowed to open here' });
    const operator = await makeUser(t.app, { role: 'operator' });
    expect((await callApi(t.app, api.adminWebviewSave, { token: operator.token, body: { hosts: ['docs.example.com'] } })).status).toBe(403);
    const badHost = await callApi(t.app, api.adminWebviewSave, { token: admin.token, body: { hosts: ['https://docs.example.com'] }, locale: 'en' });
    expect(badHost.status).toBe(400);
    expect(JSON.stringify(badHost.body)).toContain('webview_host_invalid');
    expect((await callApi(t.app, api.adminWebviewSave, { token: admin.token, body: { hosts: ['Docs.Example.com', 'help.example.org'] } })).status).toBe(200);
    expect((await callApi(t.app, api.adminWebviewSettings, { token: admin.token })).body.data.hosts).toEqual(['docs.example.com', 'help.example.org']);

    expect((await check('https://docs.example.com/guide')).body.data).toEqual({ url: 'https://docs.example.com/guide' });
    for (const bad of ['http://docs.example.com/guide', 'javascript:alert(1)', 'data:text/html,hi', 'https://docs.example.com.evil.io/', 'https://www.example.com/']) {
      const res = await check(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.key, bad).toBe('webview_refused');
    }
  });

  it('frames only the listed hosts: the CSP frame-src follows the list at once, so a frame redirected elsewhere is blocked', async () => {
    await callApi(t.app, api.adminWebviewSave, { token: admin.token, body: { hosts: ['docs.example.com'] } });
    const page = await t.app.inject({ method: 'GET', url: '/api/webview/check?url=x' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self' https:\/\/docs\.example\.com(;|$)/);
    await callApi(t.app, api.adminWebviewSave, { token: admin.token, body: { hosts: [] } });
    const after = String((await t.app.inject({ method: 'GET', url: '/api/webview/check?url=x' })).headers['content-security-policy']);
    expect(after).toMatch(/frame-src 'self'(;|$)/);
    expect(after).not.toContain('docs.example.com');
  });
});
