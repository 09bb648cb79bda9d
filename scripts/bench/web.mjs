/* global window */
// Front-end budget: the gzip size of the JS a page loads (measured in Chromium:
// every script response of the first screen) and its Lighthouse performance,
// accessibility and SEO scores (desktop preset) on the built app served by the
// real server. Accessibility and SEO must be 100: below that the run is flagged
// (exit code 1) with the failing audits listed.
import { spawnSync } from 'node:child_process';
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
async function firstScreenJs(base, pagePath, selector) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const page = await browser.newPage();
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

function lighthouse(root, url) {
  const out = path.join(os.tmpdir(), `lh-${Date.now()}.json`);
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/lighthouse/cli/index.js'), url, '--preset=desktop', '--only-categories=performance,accessibility,seo', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${FLAGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8', timeout: 180_000 },
  );
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

/** Pages and the element that shows their first screen has rendered. */
const FIRST_SCREEN = { '/': '[data-testid=home-page]', '/chat': '[data-testid=chat-page]', '/academic_search': '[data-testid=academic-search-page]', '/openvip': '[data-testid=openvip-page]', '/app': '[data-testid=app-home]', '/app/drawing': '[data-testid=drawing-control], [data-testid=drawing-disabled]', '/app/qrcode': '[data-testid=qr-control]', '/app/mind_map': '[data-testid=mindmap-page]' };

export async function benchWeb(root, pages = ['/']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-web-'));
  const port = await freePort();
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), { DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error' });
  const rows = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/pc/config`);
    for (const pagePath of pages) {
      const js = await firstScreenJs(base, pagePath, FIRST_SCREEN[pagePath] ?? 'main');
      const lh = lighthouse(root, `${base}${pagePath}`);
      rows.push({ page: pagePath, 'js files': js.files, 'js gzip KB': js.kb, 'with prefetch KB': js.withPrefetchKb, 'KB goal': '≤ 200', lighthouse: lh.score, 'score goal': '≥ 95', a11y: lh.accessibility ?? 'error', seo: lh.seo ?? 'error', 'a11y/seo goal': '100', failing: (lh.failing ?? []).join(' '), fcp: lh.fcp ?? '', lcp: lh.lcp ?? '', tbt: lh.tbt ?? '', cls: lh.cls ?? '' });
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
