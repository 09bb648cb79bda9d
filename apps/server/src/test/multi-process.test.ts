import { api } from '@xueba/contract';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/db/database.js';
import { createTwoApps, makeUser, ON_POSTGRES, type TestApp, callApi } from './helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DATABASE_MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../platform/db/database.ts');

/** Polls until `check` passes or the time is up; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.skipIf(!ON_POSTGRES)('two app processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await createTwoApps();
    ({ a, b } = two);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('a session made on A works on B, and signing out on A is refused on B within a second', async () => {
    const user = await makeUser(a.app, { email: 'two.processes@example.com', password: 'secret123' });
    const login = await callApi(a.app, api.login, {
      body: { scene: 1, account: 'two.processes@example.com', password: 'secret123', terminal: 'pc' },
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token;

    const onB = await callApi(b.app, api.info, { token });
    expect(onB.status).toBe(200);
    expect(onB.body.data.id).toBe(user.user.id);
    // B now has the session cached; only the invalidation can make it let go.
    expect((await callApi(b.app, api.info, { token })).status).toBe(200);

    expect((await callApi(a.app, api.logout, { token, body: {} })).status).toBe(200);
    expect((await callApi(a.app, api.info, { token })).status).toBe(401);
    const took = await within(1000, async () => (await callApi(b.app, api.info, { token })).status === 401);
    expect(took).toBeLessThan(1000);
    const refused = await callApi(b.app, api.info, { token, locale: 'en' });
    expect(refused.body).toMatchObject({ code: -1, msg: 'Your session has expired, please log in again' });
  });

  it('a balance adjusted by an administrator on A shows on B at once', async () => {
    const admin = await makeUser(a.app, { role: 'admin' });
    const user = await makeUser(a.app);
    const before = await callApi(b.app, api.info, { token: user.token });
    expect(before.body.data.balance.drawing_count).toBe(3);

    const adjusted = await callApi(a.app, api.adjustBalance, {
      token: admin.token,
      body: { user_id: user.user.id, asset: 'drawing_count', delta: 40, reason: 'two-process test', idempotency_key: 'multi-process-1' },
    });
    expect(adjusted.status).toBe(200);
    await within(1000, async () => (await callApi(b.app, api.info, { token: user.token })).body.data.balance.drawing_count === 43);

    // Disabling on B ends the session A had cached.
    expect((await callApi(a.app, api.info, { token: user.token })).status).toBe(200);
    const adminOnB = await b.app.sessions.create(admin.user.id, { terminal: 'pc', ip: null, userAgent: null });
    await callApi(b.app, api.setUserDisabled, { token: adminOnB, body: { user_id: user.user.id, disabled: true } });
    await within(1000, async () => (await callApi(a.app, api.info, { token: user.token })).status === 401);
  });
});

/** Runs a child Node process that tries to open the PGlite directory and prints the outcome. */
function openInChild(dataDir: string): Promise<{ code: number | null; output: string }> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(DATABASE_MODULE)});
    try {
      const handle = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await handle.close();
      process.stdout.write('OPENED');
    } catch (error) {
      process.stdout.write('REFUSED: ' + error.message);
      process.exitCode = 3;
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('one process per PGlite data directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-lock-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first has the directory open, and lets it in after close', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await first.db.insertInto('settings').values({ key: 'probe', value: JSON.stringify({ written: 'by the first process' }) }).execute();
      const refused = await openInChild(dir);
      expect(refused.code).toBe(3);
      expect(refused.output).toContain('REFUSED: ');
      expect(refused.output).toContain(`already in use by another Xueba process (pid ${process.pid})`);
      expect(refused.output).toContain('DATABASE_URL');
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'xueba.lock'))).toBe(false);
    const opened = await openInChild(dir);
    expect(opened.output).toContain('OPENED');
    expect(opened.code).toBe(0);

    // The first process's write survived the second one.
    const again = await openDatabase({ dataDir: dir });
    try {
      const row = await again.db.selectFrom('settings').select('value').where('key', '=', 'probe').executeTakeFirst();
      expect(row?.value).toEqual({ written: 'by the first process' });
    } finally {
      await again.close();
    }
  }, 120_000);

  it('takes over a lock left by a process that died', async () => {
    // A pid that cannot be alive: the lock is stale and the directory opens.
    fs.writeFileSync(path.join(dir, 'xueba.lock'), '2147483646');
    const handle = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'xueba.lock'), 'utf8')).toBe(String(process.pid));
    await handle.close();
  }, 60_000);
});
