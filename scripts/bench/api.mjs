// API throughput: GET /api/pc/config and an authenticated GET /api/user/info
// against a bare Fastify hello-world in the same run, on PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, startProcess, table, waitFor, withTempDatabase } from './lib.mjs';
import { freePort } from './ports.mjs';

const ADMIN = { email: 'bench@xueba.test', password: 'bench123' };
/** The starter corpus import runs in the background after start and would compete with the load for the CPU. */
const QUIET = { PAPERS_STARTER: '0' };

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
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), { ...env, ...QUIET, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
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

/**
 * Two app processes on one PostgreSQL database, as behind a load balancer:
 * each gets half of the connections from its own load generator at the same
 * time, and their throughputs add up (the balancer's own cost is left out).
 * The generators run in this process, so on a 2-core machine three busy
 * processes share two cores: the gain measured is a floor, not the scaling.
 */
async function benchTwoProcesses(root, url, hello, single) {
  const env = { ...QUIET, DATABASE_URL: url, HOST: '127.0.0.1', LOG_LEVEL: 'error', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, APP_SECRET: 'bench-shared-secret-0123456789' };
  const ports = [await freePort(), await freePort()];
  const dirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-')));
  const servers = [];
  try {
    // One after the other: the first runs the migrations, the second finds them done.
    for (const [i, port] of ports.entries()) {
      servers.push(startProcess(path.join(root, 'apps/server/dist/main.js'), { ...env, PORT: String(port), DATA_DIR: dirs[i] }));
      await waitFor(`http://127.0.0.1:${port}/api/pc/config`);
    }
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    // A session made through one process is valid on the other (sessions live in the database).
    const token = await signIn(bases[0]);
    const both = async (pathname, headers) => {
      const results = await Promise.all(bases.map((base) => load(`${base}${pathname}`, { headers, connections: 25 })));
      return { rps: results[0].rps + results[1].rps, p50: Math.max(...results.map((r) => r.p50)), p99: Math.max(...results.map((r) => r.p99)) };
    };
    const config = await both('/api/pc/config', {});
    const info = await both('/api/user/info', { token });
    const gain = (two, one) => (one ? `${(two.rps / one.rps).toFixed(2)} × 1 process` : '');
    return [
      { target: 'GET /api/pc/config (PostgreSQL, 2 processes)', ...config, ratio: (config.rps / hello.rps).toFixed(2), goal: '', scaling: gain(config, single[0]) },
      { target: 'GET /api/user/info (PostgreSQL, 2 processes)', ...info, ratio: (info.rps / hello.rps).toFixed(2), goal: '', scaling: gain(info, single[1]) },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
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
    const single = await withTempDatabase(postgresUrl, 'xueba_bench', (url) => benchXueba(root, 'PostgreSQL', { DATABASE_URL: url }, helloResult));
    rows.push(...single);
    rows.push(...(await withTempDatabase(postgresUrl, 'xueba_bench', (url) => benchTwoProcesses(root, url, helloResult, single))));
  }
  console.log(`\nAPI throughput (autocannon, 50 connections, 8 s after a 2 s warm-up; ratio = rps / hello-world rps)\n`);
  console.log(table(rows, ['target', 'rps', 'p50', 'p99', 'ratio', 'goal', 'scaling']));
  return rows;
}
