// Starts the built server for browser tests on a fresh embedded data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'test-results', `e2e-data-${process.env.PORT ?? 'default'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
// The browser tests buy packages through the sandbox gateway, which pays without money and is off unless asked for.
// The specs seed what they need: no starter corpus (a background import of 6,019 papers would race them),
// and OpenAlex on a refused local port, so the merged search's "left out" notice shows at once and no test
// reaches the internet.
const env = { ...process.env, DATA_DIR: dataDir, PAY_SANDBOX: '1', PAPERS_STARTER: '0', OPENALEX_URL: 'http://127.0.0.1:9/' };
delete env.DATABASE_URL;
delete env.SMTP_URL;

// A server clock the specs can move forward (a resend cooldown passes at once instead of in a minute of real
// time): the offset in this file is added to the real time. Decision 0028; refused under NODE_ENV=production.
const clockFile = path.join(root, 'test-results', `e2e-clock-${process.env.PORT ?? 'default'}`);
fs.rmSync(clockFile, { force: true });
// Every browser test registers from 127.0.0.1: the suite asks for more codes a day than one real address would.
env.CODE_DAILY_LIMIT_PER_IP = '10000';
env.TEST_CLOCK_FILE = clockFile;

// The chat tests need a model: the test suite's fake OpenAI-compatible upstream (scripts/bench/fake-upstream.mjs)
// answers every request with E2E_AI_SCRIPT, slowly enough that "stop" happens mid-stream.
const fake = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/fake-upstream.mjs')], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, PORT: '0' } });
const fakeUrl = await new Promise((resolve, reject) => {
  fake.stdout.on('data', (data) => {
    const ready = /ready (\S+)/.exec(String(data));
    if (ready) resolve(ready[1]);
  });
  fake.on('exit', () => reject(new Error('fake upstream exited')));
});
fake.stdin.write(`script ${process.env.E2E_AI_SCRIPT ?? '{"chunks":["ok"]}'}\n`);
Object.assign(env, { AI_BASE_URL: fakeUrl, AI_API_KEY: 'e2e-key', AI_MODELS: 'fake-model' });

// The drawing tests need the three drawing providers: the local peers (scripts/draw-peers.mjs) on three
// consecutive ports from E2E_DRAW_PEERS_PORT (playwright.config.ts), so a spec can script failures through
// `<peer>/_peer/script`. Fast pictures: 1.5 s each in four progress steps.
const drawPeers = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/draw-peers.mjs')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, DRAW_PEERS_PORT: process.env.E2E_DRAW_PEERS_PORT ?? '', DRAW_PEERS_MS_PER_PICTURE: '1500', DRAW_PEERS_PROGRESS_STEPS: '4' },
});
const drawReady = await new Promise((resolve, reject) => {
  drawPeers.stdout.on('data', (data) => {
    const ready = /ready (\{.*\})/.exec(String(data));
    if (ready) resolve(JSON.parse(ready[1]));
  });
  drawPeers.on('exit', () => reject(new Error('draw peers exited')));
});
Object.assign(env, drawReady.env);

// The paper-read test serves an open PDF from 127.0.0.1 (playwright.config.ts); the remote fetch guard
// refuses local addresses, so only that publisher's host:port is let through.
if (process.env.E2E_PUBLISHER_PORT) env.REMOTE_FETCH_ALLOW_HOSTS = `127.0.0.1:${process.env.E2E_PUBLISHER_PORT}`;

// The server's log is also kept in a file: without SMTP, the log-only mail transport writes
// verification codes there (development), which is where the browser tests read them.
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
const serverLogFile = path.join(root, 'test-results', `e2e-server-${process.env.PORT ?? 'default'}.log`);
const serverLog = fs.createWriteStream(serverLogFile);
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { stdio: ['inherit', 'pipe', 'inherit'], env });
child.stdout.on('data', (data) => {
  process.stdout.write(data);
  serverLog.write(data);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  fake.kill();
  drawPeers.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(clockFile, { force: true });
  serverLog.end(() => {
    fs.rmSync(serverLogFile, { force: true });
    process.exit(code ?? 0);
  });
});
