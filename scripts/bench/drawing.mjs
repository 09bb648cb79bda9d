// Drawing: the job queue measured end to end on the served app
// (apps/server/dist/main.js, a fresh embedded data directory; also on a fresh
// PostgreSQL database when DATABASE_URL/BENCH_DATABASE_URL is set) against the
// A1111 WebUI peer (scripts/draw-peers.mjs: SLOTS pictures at once, MS_PER_PICTURE each).
//
// Setup: the peer runs in a child process; the administrator adds an SD
// channel on it with concurrency SLOTS (the DRAW_SD_URL channel from the
// environment has a fixed concurrency of 2, so it is switched off) and lets a
// user queue 100 jobs; USERS users are seeded in the database and granted
// drawing counts through the admin API (the ledger). Each load submits every
// job at once through POST /api/draw/submit (user by user, so a first-come
// queue would serve the last user last), then polls GET /api/draw/detail for
// every unfinished job every 500 ms, as the page does.
//
// Reported (decision 0031):
// - ended: every job reaches a final state; none lost; each user's drawing
//   count fell by exactly the cost of its jobs that were not refunded; the
//   peer was called once per job;
// - queue overhead per job: the peer records each call's arrival and
//   completion. Calls sorted by arrival, completions sorted by time: the j-th
//   call's slot was freed by the (j-SLOTS)-th completion, and its user's turn
//   (at most PER_USER_RUNNING running) by the completion of that user's
//   (k-PER_USER_RUNNING)-th call. overhead_j = arrival_j − max(submit_j,
//   slot freed_j, user turn freed_j): what the app adds between "this job may
//   start" and "the provider is called", not the wait for a slot. The previous
//   job's storing (picture, thumbnail) holds the slot, so it counts here;
// - progress lag: each progress change the peer records (after the task took
//   a slot) against the first poll answer that shows it (or a final state);
// - fairness: a user's wait is from the burst's start to its last job's end.
//   Its fair share is the same in a perfect round-robin (the lane's rules with
//   zero overhead: SLOTS slots, PER_USER_RUNNING per user, each job holding its
//   slot for the mean measured time from provider call to job end). Target: no
//   user waits more than 1.5x its fair share. Two loads: 20 users x 10 jobs,
//   and one user with 100 + 19 users with 5.
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startProcess, table, waitFor, withTempDatabase } from './lib.mjs';
import { freePort } from './ports.mjs';

const ADMIN = { email: 'bench@xueba.test', password: 'bench123' };
const SLOTS = Number(process.env.BENCH_DRAW_SLOTS ?? 4);
const MS_PER_PICTURE = Number(process.env.BENCH_DRAW_MS ?? 1000);
const POLL_MS = 500;
const USERS = 20;
/** The drawing settings' default "running per user" (the lane's per-key running limit). */
const PER_USER_RUNNING = Number(process.env.BENCH_DRAW_PER_USER_RUNNING ?? 2);
const LOADS = [
  { name: 'even: 20 users x 10 jobs', counts: Array.from({ length: USERS }, () => 10) },
  { name: 'skewed: 1 user x 100 + 19 users x 5', counts: [100, ...Array.from({ length: USERS - 1 }, () => 5)] },
];
const TARGETS = { overheadP95: 50, progressLagP95: 1000, fairness: 1.5 };
const DRAW_PATH = '/sdapi/v1/txt2img';

function startPeers(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/draw-peers.mjs')], {
    cwd: root,
    env: { ...process.env, DRAW_PEERS_SLOTS: String(SLOTS), DRAW_PEERS_MS_PER_PICTURE: String(MS_PER_PICTURE) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(String(line).replace(/^ready /, ''))));
    child.once('exit', (code) => reject(new Error(`draw peers exited (${code})`)));
  });
  return { ready, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

async function api(base, method, route, { token, body, query } = {}) {
  const url = `${base}/api${route}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const res = await fetch(url, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (json.code !== 1) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function peerGet(url, control) {
  const res = await fetch(`${url}/_peer/${control}`);
  return res.json();
}

/** Users and sessions straight into the database (registration would cost a code and an argon2 hash each). */
async function seedUsers(query, count) {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const token = crypto.randomBytes(24).toString('hex');
    const { rows } = await query(`INSERT INTO users (sn, email, nickname, share_id) VALUES ($1, $2, $3, $4) RETURNING id`, [`drawbench${i}`, `drawbench${i}@xueba.test`, `draw bench ${i}`, `draw-bench-share-${i}`]);
    await query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [rows[0].id, crypto.createHash('sha256').update(token).digest('hex')]);
    users.push({ id: Number(rows[0].id), token });
  }
  return users;
}

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/**
 * A perfect round-robin of the same jobs: every job waiting at 0, `slots`
 * slots, at most `perUser` running per user, each job holding its slot for
 * `serviceMs`; a free slot goes to the user with the fewest jobs started,
 * then the one served least recently. Answers each user's last end.
 */
export function fairShare(counts, slots, perUser, serviceMs) {
  const users = counts.map((count, index) => ({ index, waiting: count, running: 0, started: 0, lastStart: -1, end: 0 }));
  const starts = [];
  const ends = []; // [time, user]
  let now = 0;
  let order = 0;
  for (;;) {
    let free = slots - ends.length;
    while (free > 0) {
      const next = users.filter((u) => u.waiting > 0 && u.running < perUser).sort((a, b) => a.started - b.started || a.lastStart - b.lastStart || a.index - b.index)[0];
      if (!next) break;
      next.waiting -= 1;
      next.running += 1;
      next.started += 1;
      next.lastStart = order++;
      starts.push(next.index);
      ends.push([now + serviceMs, next]);
      free -= 1;
    }
    if (ends.length === 0) break;
    ends.sort((a, b) => a[0] - b[0]);
    const [at, user] = ends.shift();
    now = at;
    user.running -= 1;
    user.end = at;
  }
  return { ends: users.map((u) => u.end), starts };
}

/** Polls one job's detail every POLL_MS until it ends; records each answer with the time it arrived. */
async function pollJob(base, token, job, deadline) {
  for (;;) {
    const sent = Date.now();
    const detail = await api(base, 'GET', '/draw/detail', { token, query: { id: String(job.id) } });
    const at = Date.now();
    job.polls.push({ at, latency: at - sent, status: detail.status, progress: detail.progress, position: detail.position });
    job.detail = detail;
    if (['success', 'failed', 'cancelled'].includes(detail.status)) return;
    if (at > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (Date.now() - sent))));
  }
}

async function runLoad(base, peerUrl, users, load, tag) {
  await fetch(`${peerUrl}/_peer/reset`, { method: 'POST' });
  const active = users.slice(0, load.counts.length);
  const before = await Promise.all(active.map((u) => api(base, 'GET', '/draw/options', { token: u.token }).then((o) => o.balance)));
  const jobs = [];
  active.forEach((user, u) => {
    for (let k = 0; k < load.counts[u]; k += 1) jobs.push({ user: u, token: user.token, prompt: `${tag} user ${u} picture ${k + 1}`, polls: [] });
  });
  const started = Date.now();
  await Promise.all(
    jobs.map(async (job) => {
      job.submitAt = Date.now();
      const answer = await api(base, 'POST', '/draw/submit', { token: job.token, body: { family: 'sd', prompt: job.prompt, size: '512x512', n: 1 } });
      job.acceptedAt = Date.now();
      job.id = answer.id;
      job.cost = answer.cost;
    }),
  );
  const accepted = Date.now();
  const deadline = Date.now() + Math.max(120_000, (jobs.length * MS_PER_PICTURE * 4) / SLOTS);
  await Promise.all(jobs.map((job, i) => new Promise((resolve) => setTimeout(resolve, (i * POLL_MS) / jobs.length)).then(() => pollJob(base, job.token, job, deadline))));
  const after = await Promise.all(active.map((u) => api(base, 'GET', '/draw/options', { token: u.token }).then((o) => o.balance)));
  const calls = (await peerGet(peerUrl, 'calls')).filter((c) => c.path === DRAW_PATH && c.method === 'POST');
  const marks = await peerGet(peerUrl, 'progress-log');

  // Ended, none lost, none double-charged, one provider call each.
  const byPrompt = new Map(jobs.map((job) => [job.prompt, job]));
  const statuses = {};
  for (const job of jobs) statuses[job.detail.status] = (statuses[job.detail.status] ?? 0) + 1;
  const charged = active.map((_, u) => jobs.filter((j) => j.user === u && !j.detail.refunded).reduce((sum, j) => sum + j.detail.cost, 0));
  const ledgerOk = active.every((_, u) => before[u] - after[u] === charged[u]);
  const callsPerJob = new Map();
  for (const call of calls) {
    const job = byPrompt.get(call.params.prompt);
    if (job) callsPerJob.set(job, (callsPerJob.get(job) ?? 0) + 1);
  }
  const calledTwice = [...callsPerJob.values()].filter((n) => n > 1).length;

  // Queue overhead per job (see the header).
  const sorted = [...calls].sort((a, b) => a.arrivedAt - b.arrivedAt);
  const completions = calls.map((c) => c.finishedAt ?? Infinity).sort((a, b) => a - b);
  const userCalls = new Map();
  const overheads = [];
  const toStart = [];
  const toCall = [];
  sorted.forEach((call, j) => {
    const job = byPrompt.get(call.params.prompt);
    if (!job) return;
    const mine = userCalls.get(job.user) ?? [];
    const slotFreed = j >= SLOTS ? completions[j - SLOTS] : -Infinity;
    const mineEnded = mine.map((c) => c.finishedAt ?? Infinity).sort((a, b) => a - b);
    const userFreed = mine.length >= PER_USER_RUNNING ? mineEnded[mine.length - PER_USER_RUNNING] : -Infinity;
    mine.push(call);
    userCalls.set(job.user, mine);
    job.callAt = call.arrivedAt;
    const free = Math.max(job.submitAt, slotFreed, userFreed);
    overheads.push(call.arrivedAt - free);
    job.trace = { call: j, user: job.user, submitAt: job.submitAt, slotFreed, userFreed, arrivedAt: call.arrivedAt, overhead: call.arrivedAt - free, startedAt: job.detail.started_at };
    // Where it goes: the job marked running (claimed, handler started) → the provider called.
    const startedAt = job.detail.started_at ? new Date(job.detail.started_at).getTime() : NaN;
    if (Number.isFinite(startedAt)) {
      toStart.push(startedAt - free);
      toCall.push(call.arrivedAt - startedAt);
    }
  });

  // Progress lag: each change the peer made (once drawing) against the first answer that shows it.
  const byTask = new Map(calls.map((c) => [c.params.force_task_id, byPrompt.get(c.params.prompt)]));
  const lags = [];
  for (const mark of marks) {
    const job = byTask.get(mark.task);
    if (!job || mark.queue > 0 || mark.progress <= 0) continue;
    const shown = job.polls.find((p) => p.at >= mark.at && (p.progress >= mark.progress || ['success', 'failed', 'cancelled'].includes(p.status)));
    if (shown) lags.push(shown.at - mark.at);
  }

  // Fairness: waits against a perfect round-robin with the measured slot time.
  const endOf = (job) => new Date(job.detail.finished_at ?? job.polls.at(-1).at).getTime();
  const holds = jobs.filter((j) => j.callAt && j.detail.finished_at).map((j) => endOf(j) - j.callAt);
  const serviceMs = holds.reduce((a, b) => a + b, 0) / Math.max(1, holds.length);
  const { ends: fair, starts: fairStarts } = fairShare(load.counts, SLOTS, PER_USER_RUNNING, serviceMs);
  // The same at the pace the app kept (slot hold + mean overhead): what is left is the order alone.
  const paceMs = serviceMs + overheads.reduce((a, b) => a + b, 0) / Math.max(1, overheads.length);
  const { ends: paced } = fairShare(load.counts, SLOTS, PER_USER_RUNNING, paceMs);
  const ratios = active.map((_, u) => {
    const ends = jobs.filter((j) => j.user === u).map(endOf);
    const waitMs = Math.max(...ends) - started;
    return { user: u, jobs: load.counts[u], waitMs, fairMs: fair[u], ratio: waitMs / fair[u], pacedMs: paced[u], pacedRatio: waitMs / paced[u] };
  });
  const worstPaced = ratios.reduce((a, b) => (b.pacedRatio > a.pacedRatio ? b : a));
  // The busiest user's calls among the first half of all calls, against the round-robin's.
  const busiest = load.counts.indexOf(Math.max(...load.counts));
  const half = Math.floor(sorted.length / 2);
  const busiestFirstHalf = sorted.slice(0, half).filter((c) => byPrompt.get(c.params.prompt)?.user === busiest).length;
  const busiestFairHalf = fairStarts.slice(0, half).filter((u) => u === busiest).length;
  const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const pollLatency = jobs.flatMap((j) => j.polls.map((p) => p.latency));
  // Every job's overhead and what it waited for, relative to the burst's start (for finding where a tail comes from).
  if (process.env.BENCH_DRAW_TRACE) {
    const rel = (t) => (Number.isFinite(t) ? t - started : null);
    const rows = jobs.filter((j) => j.trace).map((j) => ({ ...j.trace, submitAt: rel(j.trace.submitAt), slotFreed: rel(j.trace.slotFreed), userFreed: rel(j.trace.userFreed), arrivedAt: rel(j.trace.arrivedAt), startedAt: rel(new Date(j.trace.startedAt).getTime()) }));
    fs.writeFileSync(`${process.env.BENCH_DRAW_TRACE}-${tag}.json`, JSON.stringify(rows.sort((a, b) => a.call - b.call)));
  }
  return {
    load: load.name,
    jobs: jobs.length,
    statuses,
    lost: jobs.filter((j) => !['success', 'failed', 'cancelled'].includes(j.detail.status)).length,
    ledgerOk,
    providerCalls: calls.length,
    calledTwice,
    submitMs: accepted - started,
    makespanMs: Math.max(...jobs.map(endOf)) - started,
    serviceMs: Math.round(serviceMs),
    overhead: { p50: percentile(overheads, 50), p95: percentile(overheads, 95), max: Math.max(...overheads), samples: overheads.length },
    breakdown: {
      'may start → marked running (previous job ends, claim, handler starts)': [percentile(toStart, 50), percentile(toStart, 95)],
      'marked running → provider called': [percentile(toCall, 50), percentile(toCall, 95)],
    },
    progressLag: { p50: percentile(lags, 50), p95: percentile(lags, 95), max: Math.max(...lags), samples: lags.length },
    pollLatency: { p50: percentile(pollLatency, 50), p95: percentile(pollLatency, 95), polls: pollLatency.length },
    fairness: { worst, worstPaced, paceMs: Math.round(paceMs), ratios, busiest: { user: busiest, firstHalf: busiestFirstHalf, fairFirstHalf: busiestFairHalf, half } },
  };
}

async function benchOn(root, label, dbEnv) {
  const peers = startPeers(root);
  const peerInfo = await peers.ready;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-bench-draw-'));
  const port = await freePort();
  const serverEnv = {
    DATA_DIR: dataDir,
    APP_SECRET: crypto.randomBytes(24).toString('hex'),
    DATABASE_URL: '',
    ...dbEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DRAW_SD_URL: peerInfo.sd,
    DRAW_SD_AUTH: peerInfo.env.DRAW_SD_AUTH,
  };
  const main = path.join(root, 'apps/server/dist/main.js');
  let server = startProcess(main, serverEnv);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/pc/config`);
    let users;
    if (dbEnv.DATABASE_URL) {
      const client = new pg.Client({ connectionString: dbEnv.DATABASE_URL });
      await client.connect();
      users = await seedUsers((text, values) => client.query(text, values), USERS + 1);
      await client.end();
    } else {
      // PGlite belongs to one process: stop the server, seed, start it again on the same data.
      await server.stop();
      const db = new PGlite(path.join(dataDir, 'pgdata'));
      users = await seedUsers((text, values) => db.query(text, values), USERS + 1);
      await db.close();
      server = startProcess(main, serverEnv);
      await waitFor(`${base}/api/pc/config`);
    }
    const { token } = await api(base, 'POST', '/login/account', { body: { scene: 1, account: ADMIN.email, password: ADMIN.password, terminal: 'pc' } });
    // The SD channel with SLOTS slots; the environment's (2 slots) off, so every job runs on this one.
    await api(base, 'POST', '/admin/draw/channel/save', {
      token,
      body: { family: 'sd', name: 'bench WebUI', base_url: peerInfo.sd, api_key: peerInfo.env.DRAW_SD_AUTH, enabled: true, concurrency: SLOTS, timeout_seconds: 300, offers: [] },
    });
    await api(base, 'POST', '/admin/draw/channel/toggle', { token, body: { env_family: 'sd', enabled: false } });
    const { channels, settings } = await api(base, 'GET', '/admin/draw/channels', { token });
    // A user may queue the skewed load's 100 jobs; "running per user" as the lane applies it.
    await api(base, 'POST', '/admin/draw/settings', { token, body: { ...settings, per_user_queued: 100, per_user_running: PER_USER_RUNNING } });
    for (const user of users) {
      await api(base, 'POST', '/admin/user/adjustBalance', { token, body: { user_id: user.id, asset: 'drawing_count', delta: 1000, reason: 'drawing benchmark', idempotency_key: `draw-bench-${user.id}` } });
    }
    // Warm-up on a user of its own (JIT, pools, the peer's picture encoder), so the measured users start unserved.
    const warm = users[USERS];
    await runLoad(base, peerInfo.sd, [warm], { name: 'warm-up', counts: [SLOTS * 2] }, 'warm');
    const results = [];
    const only = process.env.BENCH_DRAW_LOADS?.split(',');
    for (const load of LOADS.filter((l) => !only || only.includes(l.name.split(':')[0]))) {
      results.push(await runLoad(base, peerInfo.sd, users.slice(0, USERS), load, load.name.split(':')[0]));
      console.log(`  ${label}: ${load.name} done`);
    }
    report(label, channels, results);
    return results;
  } finally {
    await server.stop();
    await peers.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(label, channels, results) {
  const sd = channels.filter((c) => c.family === 'sd');
  console.log(`\nDrawing queue on ${label} (A1111 peer: ${SLOTS} slots, ${MS_PER_PICTURE} ms a picture; SD channels: ${sd.map((c) => `${c.source} ${c.enabled ? 'on' : 'off'} x${c.concurrency}`).join(', ')}; ${PER_USER_RUNNING} running per user; polls every ${POLL_MS} ms)`);
  console.log(table(
    results.map((r) => ({
      load: r.load,
      jobs: r.jobs,
      ended: Object.entries(r.statuses).map(([s, n]) => `${s} ${n}`).join(', '),
      lost: r.lost,
      'ledger = cost of non-refunded': r.ledgerOk ? 'yes' : 'NO',
      'provider calls (twice)': `${r.providerCalls} (${r.calledTwice})`,
      'submit all (ms)': r.submitMs,
      'makespan (ms)': r.makespanMs,
      'slot hold (ms)': r.serviceMs,
    })),
    ['load', 'jobs', 'ended', 'lost', 'ledger = cost of non-refunded', 'provider calls (twice)', 'submit all (ms)', 'makespan (ms)', 'slot hold (ms)'],
  ));
  console.log(table(
    results.map((r) => ({
      load: r.load,
      'overhead p50': ms(r.overhead.p50),
      'overhead p95': ms(r.overhead.p95),
      'overhead max': ms(r.overhead.max),
      'p95 / target': `${(r.overhead.p95 / TARGETS.overheadP95).toFixed(2)} (≤ 1 for ${TARGETS.overheadP95} ms)`,
      'progress lag p50': ms(r.progressLag.p50),
      'progress lag p95': ms(r.progressLag.p95),
      'lag p95 / target': `${(r.progressLag.p95 / TARGETS.progressLagP95).toFixed(2)} (≤ 1 for ${TARGETS.progressLagP95} ms)`,
      'detail p50/p95 (ms)': `${ms(r.pollLatency.p50)} / ${ms(r.pollLatency.p95)}`,
      'worst wait / fair share': `${r.fairness.worst.ratio.toFixed(2)} (user ${r.fairness.worst.user}, ${r.fairness.worst.jobs} jobs; ≤ ${TARGETS.fairness})`,
      'same at the app\'s pace': `${r.fairness.worstPaced.pacedRatio.toFixed(2)} (user ${r.fairness.worstPaced.user}; ${r.fairness.paceMs} ms a job)`,
      'busiest user in first half of calls': `${r.fairness.busiest.firstHalf} of ${r.fairness.busiest.half} (round-robin: ${r.fairness.busiest.fairFirstHalf})`,
    })),
    ['load', 'overhead p50', 'overhead p95', 'overhead max', 'p95 / target', 'progress lag p50', 'progress lag p95', 'lag p95 / target', 'detail p50/p95 (ms)', 'worst wait / fair share', 'same at the app\'s pace', 'busiest user in first half of calls'],
  ));
  console.log('  Overhead, where it goes (p50 / p95 ms; "may start" as in the overhead; marked running: the job\'s started_at; a slot is the app\'s until the job on it ends or gives it back):');
  console.log(table(results.flatMap((r) => Object.entries(r.breakdown).map(([step, [p50, p95]]) => ({ load: r.load, step, p50: ms(p50), p95: ms(p95) }))), ['load', 'step', 'p50', 'p95']));
  for (const r of results) {
    const rows = r.fairness.ratios.filter((x, i, all) => i <= 1 || i === all.length - 1 || x === r.fairness.worst || x === r.fairness.worstPaced);
    console.log(`  ${r.load}: per-user wait vs fair share (first, last, worst, and any user with a different load)`);
    console.log(table(rows.map((x) => ({ user: x.user, jobs: x.jobs, 'wait (ms)': Math.round(x.waitMs), 'fair share (ms)': Math.round(x.fairMs), ratio: x.ratio.toFixed(2), 'at the app\'s pace (ms)': Math.round(x.pacedMs), 'paced ratio': x.pacedRatio.toFixed(2) })), ['user', 'jobs', 'wait (ms)', 'fair share (ms)', 'ratio', 'at the app\'s pace (ms)', 'paced ratio']));
  }
}

export async function benchDrawing(root, { postgresUrl } = {}) {
  const only = process.env.BENCH_DRAW_DB;
  const results = {};
  if (only !== 'postgres') results.pglite = await benchOn(root, 'PGlite (thread)', {});
  if (postgresUrl && only !== 'pglite') results.postgres = await withTempDatabase(postgresUrl, 'xueba_bench_draw', (url) => benchOn(root, 'PostgreSQL', { DATABASE_URL: url }));
  return results;
}
