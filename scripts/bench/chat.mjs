// Chat streaming: time to first token and chunks per second through Xueba
// (apps/server/dist/main.js) versus directly from the same local
// OpenAI-compatible upstream, in the same run, at 1, 100 and 1,000
// concurrent streams; and memory per open stream (server RSS delta / streams).
//
// Setup: the test suite's fake upstream runs in a child process
// (scripts/bench/fake-upstream.mjs, via tsx) and paces its chunks like a
// model (each row of ROWS sets how many, how far apart). Xueba gets it as the env channel
// (AI_BASE_URL / AI_MODELS). The admin raises the admin-editable chat limits
// (rate per minute, open streams per user); the streams are spread over
// USERS signed-in members (seeded in the database), so answers are not billed
// but the full metering path (membership check, the turn's statement, the
// settlement) still runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startProcess, table, waitFor, withTempDatabase } from './lib.mjs';
import { alternate, burst, openStream, steady } from './streams.mjs';

const ADMIN = { email: 'bench@xueba.test', password: 'bench123' };
/** Signed-in members the streams are spread over (stream i asks as user i mod USERS), as real traffic is. */
const USERS = Number(process.env.BENCH_CHAT_USERS ?? 100);
const PORT = 3303;
const WINDOW_MS = Number(process.env.BENCH_CHAT_WINDOW_MS ?? 8000);
/** Answers measured on each path at one stream (direct and Xueba alternate, one answer at a time). */
const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 120);
/**
 * What is measured (decision 0012). Each row keeps N streams open at once
 * against a model that paces `chunks` chunks `delayMs` apart; the targets
 * (added TTFT p50 ≤ 2 ms, chunks/s ≥ 0.97 of direct) are read on the
 * `judged` rows:
 * - 1 stream: short answers, direct and Xueba alternating, so each p50
 *   rests on 100+ samples and the machine's drift hits both paths alike;
 * - 100 streams at 50 chunks/s each: 5,000 chunks/s, 25 answers starting
 *   a second;
 * - 1,000 streams carrying the same total load (200-chunk answers at 5
 *   chunks/s each): what ten times the open streams costs by itself.
 * Two stress rows follow, loads this 2-core machine (shared by the load
 * generator, the model stand-in, PostgreSQL and Xueba) does not carry with
 * headroom: 1,000 streams of 40-chunk answers at 5 chunks/s (125 answers
 * starting a second; the first stress row measured) and 1,000 streams at 50 chunks/s each
 * (more than the direct path alone delivers here).
 * BENCH_CHAT_ROWS=streams:chunks:delayMs[:processes],... replaces the list
 * (all judged); BENCH_CHAT_LEVELS=1,100 keeps the rows with those stream counts.
 * `processes` 2 runs Xueba as two processes sharing the database (the
 * documented scale-out; the client spreads the streams over both, as a
 * round-robin balancer would, without a balancer's own hop). PostgreSQL only
 * (PGlite allows one process); on this 2-core machine it costs more than it
 * saves (docs/benchmarks.md, "Tried: two Xueba processes on PostgreSQL"), so no default row uses it.
 */
const ROWS = (() => {
  const rows = process.env.BENCH_CHAT_ROWS
    ? process.env.BENCH_CHAT_ROWS.split(',').map((spec) => {
        const [streams, chunks, delayMs, processes = 1] = spec.split(':').map(Number);
        if (processes !== 1 && (processes !== 2 || streams === 1)) throw new Error(`BENCH_CHAT_ROWS ${spec}: two processes are measured on N-stream rows only`);
        return { streams, chunks, delayMs, processes, judged: true };
      })
    : [
        { streams: 1, chunks: 10, delayMs: 20, processes: 1, judged: true },
        { streams: 100, chunks: 200, delayMs: 20, processes: 1, judged: true },
        { streams: 1000, chunks: 200, delayMs: 200, processes: 1, judged: true },
        { streams: 1000, chunks: 40, delayMs: 200, processes: 1, judged: false },
        { streams: 1000, chunks: 200, delayMs: 20, processes: 1, judged: false },
      ];
  const levels = process.env.BENCH_CHAT_LEVELS?.split(',').map(Number);
  return levels ? rows.filter((r) => levels.includes(r.streams)) : rows;
})();
/** The bare relay is also measured on the judged rows with N streams (BENCH_CHAT_BARE=0 skips it: a third pass per row). */
const BARE = process.env.BENCH_CHAT_BARE !== '0';
const BURSTS = (process.env.BENCH_CHAT_BURSTS ?? '100,1000').split(',').filter(Boolean).map(Number);
/** The model of the bursts and the warm-up: 200 chunks 20 ms apart (50 chunks/s, a 4 s answer). */
const CHUNKS = 200;
const DELAY_MS = 20;
const ANSWER_MS = CHUNKS * DELAY_MS;

/** The fake model's script: `chunks` content chunks, `delayMs` apart. */
const paced = (chunks, delayMs) => `script ${JSON.stringify({ chunks: Array.from({ length: chunks }, (_, i) => `w${i} `), delayMs })}`;

function startUpstream(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/fake-upstream.mjs')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise((resolve) => waiting.push(resolve));
  return {
    child,
    ready: next().then((line) => line.replace(/^ready /, '')),
    command: async (line) => {
      const answered = next();
      child.stdin.write(`${line}\n`);
      await answered;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.stdin.end();
      }),
  };
}

async function api(base, method, route, { token, body } = {}) {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 1) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const directContent = (frame) => frame.startsWith('data: {') && /"content":"[^"]/.test(frame);
const xuebaContent = (frame) => frame.startsWith('event: delta');

/** The model's own answer, from `endpoint` (the model, or the bare relay in front of it). */
function directStream(endpoint, onChunk, onFirst) {
  return openStream(endpoint, {
    headers: { authorization: 'Bearer bench' },
    body: { model: 'bench-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello' }] },
    isContent: directContent,
    onChunk,
    onFirst,
  });
}

function xuebaStream(base, token, onChunk, onFirst) {
  return openStream(`${base}/api/chat/send`, { headers: { token }, body: { content: 'hello' }, isContent: xuebaContent, onChunk, onFirst });
}

/**
 * Bench users straight into the database (registration would cost a mail code
 * and an argon2 hash each): a user, a session whose token the bench holds, and
 * a permanent academic AI membership, so answers run the full metering path
 * without being billed.
 */
async function seedUsers(query) {
  const tokens = [];
  for (let i = 0; i < USERS; i += 1) {
    const token = crypto.randomBytes(24).toString('hex');
    const { rows } = await query(
      `INSERT INTO users (sn, email, nickname, share_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`bench${i}`, `bench${i}@xueba.test`, `bench ${i}`, `bench-share-${i}`],
    );
    const id = rows[0].id;
    await query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [id, crypto.createHash('sha256').update(token).digest('hex')]);
    await query(`INSERT INTO memberships (user_id, kind, level, expires_at) VALUES ($1, 'academic_ai', 'vip', NULL)`, [id]);
    tokens.push(token);
  }
  return tokens;
}

/** CPU time (user + system) a process has used, in ms (Linux clock ticks are 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function benchChat(root, { postgresUrl } = {}) {
  const only = process.env.BENCH_CHAT_DB;
  const results = {};
  // The served app runs PGlite in its own thread; PGLITE_THREAD=0 measures it on the event loop (decision 0015).
  const pgliteLabel = ['0', 'false'].includes(process.env.PGLITE_THREAD ?? '') ? 'PGlite (in-process)' : 'PGlite (thread)';
  if (only !== 'postgres') results.pglite = await benchOn(root, pgliteLabel, {});
  if (postgresUrl && only !== 'pglite') {
    results.postgres = await withTempDatabase(postgresUrl, 'xueba_bench_chat', (url) => benchOn(root, 'PostgreSQL', { DATABASE_URL: url }));
  }
  return results;
}

/** scripts/bench/bare-relay.mjs in front of the model: what one more HTTP hop costs here before any work of a relay's own. */
async function startBareRelay(root, upstreamUrl) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-relay.mjs')], { env: { ...process.env, UPSTREAM_URL: upstreamUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
  return { url: `http://127.0.0.1:${String(line).replace(/^ready /, '')}`, pid: child.pid, stop: () => child.kill() };
}

async function benchOn(root, label, dbEnv) {
  const upstream = startUpstream(root);
  const upstreamUrl = await upstream.ready;
  const bare = await startBareRelay(root, upstreamUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-chat-'));
  const serverEnv = {
    DATA_DIR: dataDir,
    // The same secret in every process of the run (rows with two processes start a second one).
    APP_SECRET: crypto.randomBytes(24).toString('hex'),
    DATABASE_URL: '',
    ...dbEnv,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AI_BASE_URL: upstreamUrl,
    AI_MODELS: 'bench-model',
  };
  const server = startProcess(path.join(root, 'apps/server/dist/main.js'), serverEnv);
  const base = `http://127.0.0.1:${PORT}`;
  /** Where a row with two Xueba processes finds the second. */
  const secondBase = `http://127.0.0.1:${PORT + 1}`;
  let current = server;
  try {
    await waitFor(`${base}/api/pc/config`);
    let tokens;
    if (dbEnv.DATABASE_URL) {
      const client = new pg.Client({ connectionString: dbEnv.DATABASE_URL });
      await client.connect();
      tokens = await seedUsers((text, values) => client.query(text, values));
      await client.end();
    } else {
      // PGlite belongs to one process: stop the server, seed, start it again on the same data.
      await current.stop();
      const db = new PGlite(path.join(dataDir, 'pgdata'));
      tokens = await seedUsers((text, values) => db.query(text, values));
      await db.close();
      current = startProcess(path.join(root, 'apps/server/dist/main.js'), serverEnv);
      await waitFor(`${base}/api/pc/config`);
    }
    const tokenFor = (i) => tokens[i % tokens.length];
    const { token } = await api(base, 'POST', '/login/account', { body: { scene: 1, account: ADMIN.email, password: ADMIN.password, terminal: 'pc' } });
    const settings = await api(base, 'GET', '/admin/ai/settings', { token });
    await api(base, 'POST', '/admin/ai/settings', { token, body: { ...settings, rate_per_minute: 100_000, max_streams: 10_000 } });

    await upstream.command(paced(CHUNKS, DELAY_MS));
    // Warm-up: JIT, connection pools, PGlite caches.
    const warm = { rampMs: ANSWER_MS, windowMs: 2000, expectedChunks: CHUNKS };
    /**
     * A relay's own CPU per chunk it relayed (answers' setup and settlement included): a steadier
     * figure than TTFT, which also waits on the other processes sharing the two cores.
     */
    const relayedBy = async (pids, measure, n, stream, options) => {
      let relayed = 0;
      const cpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const cpuBefore = cpu();
      const result = await measure(n, (i, onChunk) => stream(i, (now) => ((relayed += 1), onChunk?.(now))), options);
      return { ...result, cpuPerChunkUs: ((cpu() - cpuBefore) * 1000) / relayed };
    };
    /**
     * The same measurement directly, then through Xueba (and, with `bare`, through the bare relay: the floor at this load).
     * `second`: another Xueba process; stream i then asks process i mod 2.
     */
    const both = async (measure, n, options, { bare: withBare = false, second = null } = {}) => [
      await measure(n, (_, onChunk) => directStream(`${upstreamUrl}/chat/completions`, onChunk), options),
      await relayedBy(
        second ? [current.child.pid, second.child.pid] : [current.child.pid],
        measure,
        n,
        (i, onChunk) => xuebaStream(second && i % 2 === 1 ? secondBase : base, tokenFor(i), onChunk),
        options,
      ),
      ...(withBare ? [await relayedBy([bare.pid], measure, n, (_, onChunk) => directStream(`${bare.url}/relay`, onChunk), options)] : []),
    ];
    await both(steady, 50, warm);

    /** Runs `work` with a second Xueba process on the same database when the row asks for two (warmed up as the first was, stopped after). */
    const withSecondProcess = async (plan, work) => {
      if (plan.processes === 1) return work(null);
      const second = startProcess(path.join(root, 'apps/server/dist/main.js'), { ...serverEnv, PORT: String(PORT + 1) });
      try {
        await waitFor(`${secondBase}/api/pc/config`);
        await upstream.command(paced(CHUNKS, DELAY_MS));
        await steady(50, (i) => xuebaStream(secondBase, tokenFor(i)), warm);
        await upstream.command(paced(plan.chunks, plan.delayMs));
        return await work(second);
      } finally {
        await second.stop();
      }
    };

    // Memory per open stream, before the load levels grow the heap for good: hold 1,000 answers after their first chunk and compare the server's RSS.
    const held = 1000;
    await upstream.command(`script ${JSON.stringify({ chunks: ['first ', 'rest'], holdAfter: 1 })}`);
    global.gc?.();
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssKb(current.child.pid);
    let firsts = 0;
    let allFirst;
    const allArrived = new Promise((resolve) => (allFirst = resolve));
    const pending = Array.from({ length: held }, (_, i) =>
      xuebaStream(base, tokenFor(i), undefined, () => {
        firsts += 1;
        if (firsts === held) allFirst();
      }),
    );
    await allArrived;
    await new Promise((r) => setTimeout(r, 500));
    const during = rssKb(current.child.pid);
    await upstream.command('release');
    await Promise.all(pending);
    const perStream = ((during - before) / held).toFixed(1);
    await upstream.command(paced(CHUNKS, DELAY_MS));

    const row = (model, n, direct, xueba) => ({
      streams: n,
      model,
      'direct TTFT p50': direct.p50.toFixed(2),
      'Xueba TTFT p50': xueba.p50.toFixed(2),
      'added p50 (ms)': (xueba.p50 - direct.p50).toFixed(2),
      'Xueba TTFT p99': xueba.p99.toFixed(1),
      'direct chunks/s': Math.round(direct.rate),
      'Xueba chunks/s': Math.round(xueba.rate),
      ratio: (xueba.rate / direct.rate).toFixed(3),
      'Xueba CPU µs/chunk': xueba.cpuPerChunkUs === undefined ? '' : xueba.cpuPerChunkUs.toFixed(0),
      'samples': `${direct.samples} / ${xueba.samples}`,
      'failed streams': `${direct.errors} / ${xueba.errors}`,
    });
    const rows = [];
    for (const plan of ROWS) {
      if (plan.processes === 2 && !dbEnv.DATABASE_URL) {
        console.log(`\nSkipped on ${label}: ${plan.streams} streams on two processes (PGlite allows one process).`);
        continue;
      }
      await upstream.command(paced(plan.chunks, plan.delayMs));
      const answerMs = plan.chunks * plan.delayMs;
      const [direct, xueba, bareRelay] =
        plan.streams === 1
          ? await alternate(
              SAMPLES,
              [
                (onChunk) => directStream(`${upstreamUrl}/chat/completions`, onChunk),
                (onChunk) => xuebaStream(base, tokenFor(0), onChunk),
                (onChunk) => directStream(`${bare.url}/relay`, onChunk),
              ],
              { expectedChunks: plan.chunks },
            )
          : await withSecondProcess(plan, (second) =>
              both(steady, plan.streams, { rampMs: answerMs, windowMs: Math.max(WINDOW_MS, answerMs), expectedChunks: plan.chunks }, { bare: plan.judged && BARE, second }),
            );
      const pace = `${plan.chunks} chunks ${plan.delayMs} ms apart${plan.processes === 2 ? ', two Xueba processes' : ''}`;
      rows.push({ judged: plan.judged ? 'yes' : 'stress', ...row(pace, plan.streams, direct, xueba), 'bare relay added p50': bareRelay ? (bareRelay.p50 - direct.p50).toFixed(2) : '', 'bare relay CPU µs/chunk': bareRelay?.cpuPerChunkUs?.toFixed(0) ?? '' });
    }
    await upstream.command(paced(CHUNKS, DELAY_MS));
    for (const n of BURSTS) {
      const [direct, xueba] = await both(burst, n, { expectedChunks: CHUNKS });
      rows.push({ judged: 'stress', ...row(`${CHUNKS} chunks ${DELAY_MS} ms apart, started at once`, n, direct, xueba), 'bare relay added p50': '', 'bare relay CPU µs/chunk': '' });
    }


    console.log(`\nChat streaming on ${label} (N streams open at once; ${USERS} member users; ${WINDOW_MS} ms window; ${SAMPLES} alternating answers per path at 1 stream; TTFT in ms; goal on judged rows: added ≤ 2 ms, ratio ≥ 0.97)\n`);
    // Every row may have been skipped (two-process rows on PGlite).
    if (rows.length > 0) console.log(table(rows, Object.keys(rows[0])));
    console.log(`\nMemory per open stream: ${perStream} KB (server RSS ${Math.round(before / 1024)} MB → ${Math.round(during / 1024)} MB with ${held} streams open)`);
    return { rows, memory: { streams: held, rssBeforeKb: before, rssDuringKb: during, perStreamKb: Number(perStream) } };
  } finally {
    await current.stop();
    bare.stop();
    await upstream.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
