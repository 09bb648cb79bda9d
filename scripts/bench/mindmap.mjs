/* global window, document, requestAnimationFrame */
// Mind map editor in the browser: a 1,000-node map opened in /app/mind_map
// (the whole app: shell, sign-in, the map's detail request, the lazily loaded
// mind-elixir chunk) against mind-elixir's own plain usage of the same map (a
// page that only mounts MindElixir with that data, served in the same run
// from the installed package). Measured in Chromium: first contentful paint,
// the map on screen (every node in the DOM), time to interactive (the map on
// screen and the last long task over), and a drag of a node across the map
// at 100 % (frame times while dragging, and the drop: re-layout of the whole map).
// Figures are medians of RUNS alternated runs; ratios app / plain.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startProcess, table, waitFor } from './lib.mjs';
import { freePort } from './ports.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ADMIN = { email: 'bench@xueba.test', password: 'bench123' };
const RUNS = Number(process.env.BENCH_MINDMAP_RUNS ?? 3);
const VIEWPORT = { width: 1280, height: 800 };

/** 1 root, 10 sections, 90 subsections, 900 items: 1,001 nodes, the shape of a long paper's outline. */
function outline() {
  const lines = ['# Benchmark map'];
  for (let s = 1; s <= 10; s += 1) {
    lines.push(`## Section ${s}`);
    for (let u = 1; u <= 9; u += 1) {
      lines.push(`- Subsection ${s}.${u}`);
      for (let i = 1; i <= 10; i += 1) lines.push(`  - Item ${s}.${u}.${i} 研究要点`);
    }
  }
  return lines.join('\n');
}

async function api(base, method, route, { token, body, query } = {}) {
  const url = `${base}/api${route}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const res = await fetch(url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (json.code !== 1) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Makes the map through the create stream (one `map` frame for an outline) and returns its id. */
async function createMap(base, token) {
  const res = await fetch(`${base}/api/mindmap/create`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ source: 'markdown', markdown: outline() }) });
  const text = await res.text();
  const frame = text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)))
    .find((f) => f.type === 'map');
  if (!frame) throw new Error(`no map frame: ${text.slice(0, 300)}`);
  return frame.id;
}

/** The same conversion the app makes (ids, notes, links), so both pages draw identical data. */
function toElixir(node, counter = { n: 0 }) {
  const obj = { id: `n${(counter.n++).toString(36)}`, topic: node.topic };
  if (node.note) obj.note = node.note;
  if (node.link) obj.hyperLink = node.link;
  if (node.children.length) obj.children = node.children.map((c) => toElixir(c, counter));
  return obj;
}

/** mind-elixir used plainly: its own ES module and stylesheet, one MindElixir on a full-size element. */
function plainPage(data) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>mind-elixir plain</title>
<link rel="stylesheet" href="/me/MindElixir.css"><style>html,body{margin:0;height:100%}#map{width:100vw;height:100vh}</style></head>
<body><div id="map"></div><script type="module">
import MindElixir from '/me/MindElixir.js';
const mind = new MindElixir({ el: '#map', direction: MindElixir.SIDE, editable: true, contextMenu: true, toolBar: false, keypress: true });
mind.init(${JSON.stringify(data)});
mind.scaleFit();
</script></body></html>`;
}

function servePlain(root, data) {
  const dist = path.join(root, 'node_modules/mind-elixir/dist');
  const html = plainPage(data);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    const file = path.join(dist, path.basename(url.pathname));
    if (url.pathname.startsWith('/me/') && fs.existsSync(file)) {
      return res.writeHead(200, { 'content-type': file.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(fs.readFileSync(file));
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) })));
}

/** Long tasks and paints from the very start of the page. */
function observe() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function measure(browser, url, canvasSelector, nodes, token) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (token) await context.addInitScript((t) => window.localStorage.setItem('app_token', JSON.stringify({ value: t, expire: null })), token);
  await context.addInitScript(observe);
  const page = await context.newPage();
  if (process.env.BENCH_VERBOSE) page.on('response', (r) => console.log(`${(performance.now() / 1000).toFixed(2)}s ${r.status()} ${r.url().slice(0, 100)}`));
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(({ sel, n }) => document.querySelectorAll(`${sel} me-tpc`).length >= n, { sel: canvasSelector, n: nodes }, { timeout: 60_000, polling: 'raf' });
    const mapAt = await page.evaluate(() => performance.now());
    // Interactive: two quiet seconds with no long task, then the end of the last one (or the map, if later).
    await page.waitForTimeout(2000);
    const timing = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, lastLong: Math.max(0, ...window.__longTasks) }));

    // A drag at 100 %, as a user edits (fitted, 1,000 nodes are a few pixels each): mind-elixir's own
    // Ctrl+0, then the wheel pans until the first leaf is in view; it is dropped onto a leaf five below it.
    const from = page.locator(`${canvasSelector} me-tpc`, { hasText: /^Item 1\.1\.1 / }).first();
    const to = page.locator(`${canvasSelector} me-tpc`, { hasText: /^Item 1\.1\.6 / }).first();
    const box = await page.locator(canvasSelector).boundingBox();
    await page.mouse.click(box.x + 8, box.y + box.height - 8);
    await page.keyboard.press('Control+0');
    for (let k = 0; k < 40; k += 1) {
      const at = await from.boundingBox();
      const dx = at.x - (box.x + box.width / 2);
      const dy = at.y - (box.y + box.height / 3);
      if (Math.abs(dx) < 150 && Math.abs(dy) < 100) break;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(Math.max(-2000, Math.min(2000, dx)), Math.max(-2000, Math.min(2000, dy)));
      await page.waitForTimeout(50);
    }
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('drag nodes not on screen');
    await page.evaluate(() => {
      window.__frames = [];
      window.__dragging = true;
      const tick = (t) => {
        window.__frames.push(t);
        if (window.__dragging) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      document.addEventListener('pointerup', () => (window.__upAt = performance.now()), { capture: true, once: true });
    });
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    const steps = 60;
    for (let i = 1; i <= steps; i += 1) {
      const x = a.x + a.width / 2 + ((b.x + b.width / 2 - (a.x + a.width / 2)) * i) / steps;
      const y = a.y + a.height / 2 + ((b.y + b.height / 2 - (a.y + a.height / 2)) * i) / steps;
      await page.mouse.move(x, y);
    }
    await page.mouse.up();
    const drag = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              window.__dragging = false;
              const f = window.__frames;
              const gaps = f.slice(1).map((t, i) => t - f[i]).sort((x, y) => x - y);
              const q = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))] ?? 0;
              resolve({ p50: q(0.5), p95: q(0.95), max: gaps[gaps.length - 1] ?? 0, drop: performance.now() - (window.__upAt ?? performance.now()) });
            }),
          ),
        ),
    );
    // The drop landed: the leaf now sits under the target subsection.
    const moved = await page.evaluate((sel) => {
      const target = [...document.querySelectorAll(`${sel} me-tpc`)].find((t) => /^Item 1\.1\.6 /.test(t.textContent ?? ''));
      const wrapper = target?.closest('me-wrapper');
      return !!wrapper && [...wrapper.querySelectorAll('me-children me-tpc')].some((t) => /^Item 1\.1\.1 /.test(t.textContent ?? ''));
    }, canvasSelector);
    return { fcp: timing.fcp, map: mapAt, tti: Math.max(mapAt, timing.lastLong), frameP50: drag.p50, frameP95: drag.p95, frameMax: drag.max, drop: drag.drop, moved };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export async function benchMindmap(root) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-mindmap-'));
  const port = await freePort();
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), { DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const base = `http://127.0.0.1:${port}`;
  let plain = null;
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    await waitFor(`${base}/api/pc/config`);
    const { token } = await api(base, 'POST', '/login/account', { body: { scene: 1, account: ADMIN.email, password: ADMIN.password, terminal: 'pc' } });
    const id = await createMap(base, token);
    const detail = await api(base, 'GET', '/mindmap/detail', { token, query: { id: String(id) } });
    const nodes = detail.nodes;
    plain = await servePlain(root, { nodeData: toElixir(detail.tree), direction: 2 });
    const runs = { app: [], plain: [] };
    for (let r = 0; r < RUNS; r += 1) {
      // Alternated, so drift on a shared machine falls on both alike.
      // The app saved the previous run's drag: put the map back first.
      const current = await api(base, 'GET', '/mindmap/detail', { token, query: { id: String(id) } });
      await api(base, 'POST', '/mindmap/save', { token, body: { id, revision: current.revision, tree: detail.tree } });
      runs.app.push(await measure(browser, `${base}/en/app/mind_map?id=${id}`, '[data-testid=mm-editor]', nodes, token));
      runs.plain.push(await measure(browser, plain.url, '#map', nodes, null));
    }
    const keys = ['fcp', 'map', 'tti', 'frameP50', 'frameP95', 'frameMax', 'drop'];
    const sum = Object.fromEntries(Object.entries(runs).map(([k, list]) => [k, Object.fromEntries(keys.map((m) => [m, +median(list.map((x) => x[m] ?? 0)).toFixed(1)]))]));
    const rows = keys.map((m) => ({ measure: m, 'app ms': sum.app[m], 'plain ms': sum.plain[m], 'app / plain': sum.plain[m] ? +(sum.app[m] / sum.plain[m]).toFixed(2) : '' }));
    console.log(`\nMind map editor, ${nodes} nodes (Chromium ${VIEWPORT.width}x${VIEWPORT.height}; medians of ${RUNS} alternated runs; plain = mind-elixir alone with the same data)\n`);
    console.log(table(rows, ['measure', 'app ms', 'plain ms', 'app / plain']));
    if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(runs, null, 1));
    const movedEverywhere = [...runs.app, ...runs.plain].every((x) => x.moved);
    if (!movedEverywhere) console.log('FLAG: a drag did not move the node in every run (see frame figures with care)');
    return { nodes, runs: RUNS, app: sum.app, plain: sum.plain, rows, dragMoved: movedEverywhere };
  } finally {
    await browser.close();
    await plain?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
