// Minimal static server for the built app (screenshots, bundle measurement) when the API server is not running.
// Serves dist/ with SPA fallback and gzip; /api answers 503 so the app shows its "config unavailable" state.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const port = Number(process.env.PORT ?? 4173);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png' };

async function file(path) {
  const full = normalize(join(root, path));
  if (!full.startsWith(root)) return null;
  try {
    if ((await stat(full)).isFile()) return { full, body: await readFile(full) };
  } catch {
    return null;
  }
  return null;
}

// MOCK_API=1: canned answers for a signed-in admin, to look at the signed-in screens without the server.
const balance = { conversation_count: 10, drawing_count: 3, word_count: 10000, session_balance: 1250 };
const user = {
  id: 1, sn: '10000001', nickname: '<b>Ada</b> Lovelace', avatar: '', email: 'ada@example.com', mobile: null, create_time: '2025-01-02T03:04:05Z',
  role: 'admin', has_password: true, is_member: 1, member_level: 'vip', memberships: [{ kind: 'academic_ai', level: 'vip', expires_at: '2026-12-31T00:00:00Z' }],
  balance, share_id: 'abc', google_bound: false, wechat_bound: false,
};
const ledger = [{ id: 1, asset: 'word_count', delta: 10000, balance_after: 10000, reason: 'Sign-up gift', ref_type: 'signup', ref_id: null, create_time: '2025-01-02T03:04:05Z' }];
const MOCK = {
  '/user/info': user,
  '/user/orgInfo': { id: 3, name: 'Uni', department: '', position: '', show_edit: 0 },
  '/user/ledger': { lists: ledger, count: 1, page_no: 1, page_size: 10 },
  '/admin/users': { lists: [{ id: 1, sn: user.sn, nickname: user.nickname, email: user.email, mobile: null, role: 'admin', disabled: false, create_time: user.create_time, balance }], count: 1, page_no: 1, page_size: 20 },
  '/admin/outbox': { lists: [{ id: 1, channel: 'email', recipient: 'ada@example.com', subject: 'Your code', body: 'Code: 123456', status: 'logged', error: null, create_time: user.create_time }], count: 1, page_no: 1, page_size: 20, transport: { email: false, sms: false } },
  '/index/visit': null,
};

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const mock = process.env.MOCK_API ? MOCK[url.pathname.slice(4)] : undefined;
    if (mock === undefined) res.writeHead(503, { 'content-type': 'text/plain' }).end('API not running');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1, data: mock, show: 0, msg: '' }));
    return;
  }
  const found = (await file(decodeURIComponent(url.pathname))) ?? (await file('index.html'));
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  const type = types[extname(found.full)] ?? 'application/octet-stream';
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const cache = found.full.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': type, 'cache-control': cache, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  res.end(gzip ? gzipSync(found.body) : found.body);
}).listen(port, '127.0.0.1', () => process.stdout.write(`static on http://127.0.0.1:${port}\n`));
