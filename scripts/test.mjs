// `npm test`: every test, in the order that fails fastest (decision 0028).
//   1. typecheck (test files included), lint beside it
//   2. unit + API tests on PGlite in-process (vitest: contract, server, web)
//   3. the database-heavy server files again on PGlite in its own thread (what the served app runs, decision 0015)
//   4. the server's API tests again on PostgreSQL when DATABASE_URL is set
//   5. build, then browser tests in Chromium (Playwright)
// Ends with one line "N passed, N failed" over the steps.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const only = process.argv.slice(2);

const withoutDb = { ...process.env };
delete withoutDb.DATABASE_URL;

const reports = path.join(root, 'test-results', 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.vitest.json`)}`];

/**
 * What step 3 runs again on the thread: the files whose tests lean on how the
 * engine answers (transactions, concurrent writers, statement errors, stream
 * settlement), not the whole suite a second time. Every other file sends the
 * same SQL through the same pool and ran in step 2. The thread's own tests, the
 * lifecycle and the multi-process tests open data directories, which use the
 * thread anyway: step 2 covers them.
 */
const THREAD_FILES = [
  'apps/server/src/platform/cache/',
  'apps/server/src/platform/jobs/',
  'apps/server/src/modules/chat/',
  'apps/server/src/platform/stream/',
  'apps/server/src/modules/commerce/redeem.test.ts',
  'apps/server/src/modules/commerce/orders.test.ts',
  'apps/server/src/modules/commerce/refund.test.ts',
  'apps/server/src/modules/promotion/',
  'apps/server/src/modules/doc/doc-chat.test.ts',
  // Drawing: the last count spent by two tabs at once, cancels racing the job's end.
  'apps/server/src/modules/draw/draw-faults.test.ts',
  // AI art QR codes: the same races through the drawing's accept path and outcome.
  'apps/server/src/modules/qrcode/qrcode-ai.test.ts',
  // Mind maps: a model's map settled by the answer runner; two tabs saving the same revision.
  'apps/server/src/modules/mindmap/mindmap-model.test.ts',
  'apps/server/src/modules/mindmap/mindmap.test.ts',
  'apps/server/src/test/ownership.test.ts',
  'apps/server/src/test/helpers.test.ts',
];

// A moved or renamed test file must not silently drop out of the thread run: vitest accepts a filter that matches nothing.
for (const entry of THREAD_FILES) {
  if (!fs.existsSync(path.join(root, entry))) {
    console.error(`scripts/test.mjs: THREAD_FILES lists ${entry}, which does not exist; update the list.`);
    process.exit(1);
  }
}

const steps = [
  // Lint reads no types (and tsc is mostly one core): it runs beside the typecheck, its output printed after it.
  { name: 'typecheck', cmd: npm, args: ['run', 'typecheck'], beside: { name: 'lint', cmd: npx, args: ['eslint', '.', '--max-warnings=0'] } },
  { name: 'unit+api (PGlite)', cmd: npx, args: ['vitest', 'run', ...vitestJson('pglite')], env: withoutDb },
  { name: 'api (PGlite thread)', cmd: npx, args: ['vitest', 'run', '--project', 'server', ...THREAD_FILES, ...vitestJson('pglite-thread')], env: { ...withoutDb, PGLITE_THREAD: '1' } },
  process.env.DATABASE_URL
    ? { name: 'api (PostgreSQL)', cmd: npx, args: ['vitest', 'run', '--project', 'server', ...vitestJson('postgres')], env: process.env }
    : { name: 'api (PostgreSQL)', skip: 'DATABASE_URL is not set' },
  { name: 'build', cmd: npm, args: ['run', 'build'] },
  {
    name: 'browser (Playwright)',
    cmd: npx,
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { ...withoutDb, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.playwright.json') },
  },
];

/** Test counts from the runners' JSON reports, so the closing line counts tests, not steps. */
function countTests() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of fs.existsSync(reports) ? fs.readdirSync(reports) : []) {
    const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
    if (file.endsWith('.vitest.json')) {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } else if (file.endsWith('.playwright.json')) {
      passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
      failed += report.stats?.unexpected ?? 0;
      skipped += report.stats?.skipped ?? 0;
    }
  }
  return { passed, failed, skipped };
}

/** Runs a step: its output straight through, or (`buffered`) kept and printed when it ends. Resolves with its exit code and time. */
function run(step, buffered) {
  const started = Date.now();
  const child = spawn(step.cmd, step.args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: step.env ?? process.env });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code, seconds: ((Date.now() - started) / 1000).toFixed(0), output: Buffer.concat(output) }));
    child.on('error', (error) => resolve({ code: 1, seconds: '0', output: Buffer.from(String(error)) }));
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
const wanted = (step) => only.length === 0 || only.some((o) => step.name.toLowerCase().includes(o.toLowerCase()));
let stop = false;
for (const step of steps) {
  if (stop) break;
  const group = [step, step.beside].filter((s) => s && wanted(s));
  for (const s of group.filter((s) => s.skip)) {
    skipped += 1;
    summary.push(`  skipped  ${s.name} (${s.skip})`);
  }
  const running = group.filter((s) => !s.skip);
  if (running.length === 0) continue;
  for (const s of running) console.log(`\n=== ${s.name}: ${[s.cmd, ...s.args].join(' ')}${s === running[0] ? '' : ' (beside the step above; its output follows it)'}`);
  const results = await Promise.all(running.map((s, i) => run(s, i > 0)));
  running.forEach((s, i) => {
    const { code, seconds, output } = results[i];
    if (i > 0) {
      console.log(`\n=== ${s.name} (output)`);
      process.stdout.write(output);
    }
    if (code === 0) {
      passed += 1;
      summary.push(`  ok       ${s.name} (${seconds}s)`);
    } else {
      failed += 1;
      summary.push(`  FAILED   ${s.name} (${seconds}s)`);
      // Later steps depend on a clean build and types; stop early on those failures.
      if (s.name === 'typecheck' || s.name === 'build') stop = true;
    }
  });
}
console.log(`\n${summary.join('\n')}`);
console.log(`steps: ${passed} of ${passed + failed} passed${skipped ? ` (${skipped} skipped)` : ''}`);
const tests = countTests();
console.log(`tests: ${tests.passed} passed, ${tests.failed + failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
