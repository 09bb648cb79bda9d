import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

describe('web pages: the app for every path, 404 for paths no page handles', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-pages-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'route-paths.json'), JSON.stringify(['/', '/chat', '/policy/:type', '/admin/*']));
    t = await createTestApp({}, { webDist });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers pages of the route table with 200, in every locale', async () => {
    for (const url of ['/', '/chat', '/en/chat', '/ja/policy/pay?x=1', '/admin/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('answers any other path with the app and a 404 status, so crawlers and monitors see the truth', async () => {
    for (const url of ['/no-such-page', '/zh/chat/extra', '/fr/chat']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 0 });
  });
});
