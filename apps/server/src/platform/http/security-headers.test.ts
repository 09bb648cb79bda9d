import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/** The web app's real index.html template, so an inline script added to it later fails here too. */
const TEMPLATE = new URL('../../../../web/index.html', import.meta.url);

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** Inline scripts the browser would run: every <script> without src that is not a JSON data block. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs ?? '') && !/type="application\/json"/i.test(attrs ?? ''))
    .map(([whole]) => whole);
}

describe('security headers and the CSP-safe index.html', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-web-'));
    fs.copyFileSync(TEMPLATE, path.join(webDist, 'index.html'));
    // A value that would close an inline element if it were not escaped.
    t = await createTestApp({ PUBLIC_URL: 'https://xueba.example.org/</script><script>alert(1)</script>' }, { webDist });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a policy that runs scripts from this origin only and is framed by this origin only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/chat' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    // A plain-HTTP install must keep loading its own assets over http.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('carries the runtime configuration as data, with no inline script left to run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const html = response.body;
    expect(inlineScripts(html)).toEqual([]);
    const block = /<script type="application\/json" id="xueba-config">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toMatchObject({ apiBase: '', apiPrefix: '/api', publicUrl: 'https://xueba.example.org/</script><script>alert(1)</script>' });
  });

  it('puts the same headers on API answers and stored files', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/pc/config' });
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    await t.storage.put('public/avatars/a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const file = await t.app.inject({ method: 'GET', url: '/files/public/avatars/a.png' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
