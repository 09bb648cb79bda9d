// API throughput: GET /api/pc/config and an authenticated GET /api/user/info
// against a bare Fastify hello-world in the same run, on PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, startProcess, table, waitFor, withTempDatabase } from './lib.mjs';
import { freePort } from './ports.mjs';

const ADMIN = { email: 'bench@xueba.test', password: 'bench123' };

async function signIn(base) {
  const res = await fetch(`${base}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scene: 1, account: ADMIN.email, password: ADMIN.password, terminal: 'pc' }),
  });
  const body = await res.json();
  if (body.code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function benchXueba(root, label, env, hello) {
  const port = await freePort();
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), { ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/pc/config`);
    const token = await signIn(base);
    const config = await load(`${base}/api/pc/config`);
    const info = await load(`${base}/api/user/info`, { headers: { token } });
    return [
      { target: `GET /api/pc/config (${label})`, ...config, ratio: (config.rps / hello.rps).toFixed(2), goal: '≥ 0.5' },
      { target: `GET /api/user/info (${label})`, ...info, ratio: (info.rps / hello.rps).toFixed(2), goal: '≥ 0.3' },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchApi(root, { postgresUrl } = {}) {
  const helloPort = await freePort();
  const hello = startProcess(path.join(root, 'scripts/bench/hello.mjs'), { PORT: String(helloPort) });
  let helloResult;
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/hello`);
    helloResult = await load(`http://127.0.0.1:${helloPort}/hello`);
  } finally {
    await hello.stop();
  }
  const rows = [{ target: 'hello-world (bare Fastify)', ...helloResult, ratio: '1.00', goal: '' }];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-'));
  rows.push(...(await benchXueba(root, 'PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, helloResult)));
  fs.rmSync(dataDir, { recursive: true, force: true });

  if (postgresUrl) {
    rows.push(...(await withTempDatabase(postgresUrl, 'xueba_bench', (url) => benchXueba(root, 'PostgreSQL', { DATABASE_URL: url }, helloResult))));
  }
  console.log(`\nAPI throughput (autocannon, 50 connections, 8 s after a 2 s warm-up; ratio = rps / hello-world rps)\n`);
  console.log(table(rows, ['target', 'rps', 'p50', 'p99', 'ratio', 'goal']));
  return rows;
}
