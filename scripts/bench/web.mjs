/* global window */
// Front-end budget: the gzip size of the JS a page loads (measured in Chromium:
// every script response of the first screen) and its Lighthouse performance,
// accessibility and SEO scores (desktop preset) on the built app served by the
// real server. Accessibility and SEO must be 100: below that the run is flagged
// (exit code 1) with the failing audits listed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { startProcess, table, waitFor } from './lib.mjs';
import { freePort } from './ports.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * JS gzip bytes until the page's first screen has rendered (`selector`) and its
 * network settled, with idle-time prefetch held back; and the total after the
 * prefetch is released and the network goes idle again (which adds the idle-time prefetch of
 * other pages, spec §9 "pages prefetch after 100 ms": not part of the first screen).
 */
async function firstScreenJs(base, pagePath, selector, token) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const context = await browser.newContext();
    if (token) await context.addCookies([{ name: 'token', value: token, url: base }]);
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
      } catch {
        // a redirect or aborted response has no body
      }
    });
    // Idle-time prefetch is held back until the first screen is counted: on a busy
    // machine the browser can fall idle before the page's selector appears, and the
    // prefetched pages would then be counted as this page's first screen.
    await page.addInitScript(() => {
      const held = [];
      const idle = window.requestIdleCallback?.bind(window);
      if (!idle) return;
      window.requestIdleCallback = (fn, options) => {
        if (window.__firstScreenCounted) return idle(fn, options);
        held.push([fn, options]);
        return -1;
      };
      window.__releaseIdle = () => {
        window.__firstScreenCounted = true;
        for (const [fn, options] of held.splice(0)) idle(fn, options);
      };
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
    await page.waitForSelector(selector, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const sum = () => [...scripts.values()].reduce((a, b) => a + b, 0);
    const first = { files: scripts.size, kb: +(sum() / 1024).toFixed(1) };
    await page.evaluate(() => window.__releaseIdle?.());
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return { ...first, withPrefetchKb: +(sum() / 1024).toFixed(1) };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse on its own Chromium; for a signed-in page, on a Chromium started
 * here with the session cookie set, which Lighthouse attaches to and keeps
 * (`--disable-storage-reset`).
 */
async function lighthouse(root, url, token) {
  const out = path.join(os.tmpdir(), `lh-${Date.now()}.json`);
  const args = [path.join(root, 'node_modules/lighthouse/cli/index.js'), url, '--preset=desktop', '--only-categories=performance,accessibility,seo', '--output=json', `--output-path=${out}`, '--quiet'];
  let signedIn;
  if (token) {
    const port = await freePort();
    signedIn = await chromium.launch({ executablePath: CHROME, args: [...FLAGS.filter((f) => !f.startsWith('--headless')), `--remote-debugging-port=${port}`] });
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    await cdp.contexts()[0].addCookies([{ name: 'token', value: token, url: new URL(url).origin }]);
    args.push(`--port=${port}`, '--disable-storage-reset');
  } else {
    args.push(`--chrome-flags=${FLAGS.join(' ')}`);
  }
  const result = await new Promise((resolve) => {
    // Asynchronous: the signed-in Chromium belongs to this process and must keep answering while Lighthouse drives it.
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
  await signedIn?.close();
  if (result.status !== 0 || !fs.existsSync(out)) return { score: 'error', detail: (result.stderr || '').split('\n').slice(-3).join(' ') };
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  const audit = (id) => report.audits[id]?.displayValue ?? '';
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  // The audits that cost points in a category (score below 1 and weighed in it).
  const failing = (id) =>
    (report.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && report.audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  return { score: score('performance'), accessibility: score('accessibility'), seo: score('seo'), failing: [...failing('accessibility'), ...failing('seo')], fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') };
}

/** Pages a visitor cannot open (the route table's `auth: 'user'`): measured signed in, as their users see them. */
const SIGNED_IN = new Set(['/paper/write', '/user/info', '/doc/manage']);
/** Pages most of whose users are signed in (the header adds the notice bell and the user menu): measured both ways. */
const BOTH_WAYS = new Set(['/chat']);

/** Pages and the element that shows their first screen has rendered. */
const FIRST_SCREEN = { '/': '[data-testid=home-page]', '/chat': '[data-testid=chat-page]', '/academic_search': '[data-testid=academic-search-page]', '/openvip': '[data-testid=openvip-page]', '/app': '[data-testid=app-home]', '/app/drawing': '[data-testid=drawing-control], [data-testid=drawing-disabled]', '/app/qrcode': '[data-testid=qr-control]', '/app/mind_map': '[data-testid=mindmap-page]' };

export async function benchWeb(root, pages = ['/']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-web-'));
  const port = await freePort();
  const account = { email: 'bench@example.com', password: 'bench1234' };
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), { DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password });
  const rows = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/pc/config`);
    const signIn = await fetch(`${base}/api/login/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scene: 1, account: account.email, password: account.password, terminal: 'pc' }) });
    const token = (await signIn.json()).data?.token;
    if (!token) throw new Error('bench: the bench account could not sign in');
    const visits = pages.flatMap((pagePath) => (SIGNED_IN.has(pagePath) ? [[pagePath, token]] : BOTH_WAYS.has(pagePath) ? [[pagePath, undefined], [pagePath, token]] : [[pagePath, undefined]]));
    for (const [pagePath, asUser] of visits) {
      const js = await firstScreenJs(base, pagePath, FIRST_SCREEN[pagePath] ?? 'main', asUser);
      const lh = await lighthouse(root, `${base}${pagePath}`, asUser);
      rows.push({ page: asUser ? `${pagePath} (signed in)` : pagePath, 'js files': js.files, 'js gzip KB': js.kb, 'with prefetch KB': js.withPrefetchKb, 'KB goal': '≤ 200', lighthouse: lh.score, 'score goal': '≥ 95', a11y: lh.accessibility ?? 'error', seo: lh.seo ?? 'error', 'a11y/seo goal': '100', failing: (lh.failing ?? []).join(' '), fcp: lh.fcp ?? '', lcp: lh.lcp ?? '', tbt: lh.tbt ?? '', cls: lh.cls ?? '' });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nFront end (Chromium; JS gzip of every script the page loads; Lighthouse desktop preset)\n');
  console.log(table(rows, ['page', 'js files', 'js gzip KB', 'with prefetch KB', 'KB goal', 'lighthouse', 'score goal', 'a11y', 'seo', 'a11y/seo goal', 'fcp', 'lcp', 'tbt', 'cls']));
  const below = rows.filter((r) => r.a11y !== 100 || r.seo !== 100);
  for (const r of below) console.log(`FLAG ${r.page}: accessibility ${r.a11y}, SEO ${r.seo} (goal 100); failing audits: ${r.failing || 'none reported'}`);
  if (below.length > 0) process.exitCode = 1;
  return rows;
}
