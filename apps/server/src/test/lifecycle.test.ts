import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xueba-lifecycle-'));

function start(port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: 'life@example.com', ADMIN_PASSWORD: 'life1234' };
  delete env.DATABASE_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

// The server compiles its sources through tsx and opens the embedded database: on a
// loaded two-core machine (the suite runs two workers) that takes tens of seconds.
async function waitUp(port: number): Promise<void> {
  for (let i = 0; i < 450; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/pc/config`);
      if (res.ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('process lifecycle on the embedded database', () => {
  it('migrates at start, drains in-flight requests on SIGTERM, releases the lock, and keeps data across restarts', async () => {
    const port = 3400 + Math.floor(Math.random() * 400);
    const first = start(port);
    await waitUp(port);
    expect(fs.existsSync(path.join(dataDir, 'xueba.lock'))).toBe(true);

    // Sign-in hashes with argon2id (~50 ms): these are in flight when SIGTERM arrives.
    const inflight = Array.from({ length: 4 }, () =>
      fetch(`http://127.0.0.1:${port}/api/login/account`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scene: 1, account: 'life@example.com', password: 'life1234', terminal: 'pc' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; data: { token: string } } })),
    );
    await new Promise((r) => setTimeout(r, 50));
    const exit = exited(first);
    first.kill('SIGTERM');
    const results = await Promise.all(inflight);
    for (const result of results) expect(result.body.code).toBe(1);
    expect(await exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'xueba.lock'))).toBe(false);

    // The session made before the restart still works after it.
    const second = start(port);
    await waitUp(port);
    const info = await fetch(`http://127.0.0.1:${port}/api/user/info`, { headers: { token: results[0]!.body.data.token } });
    const body = (await info.json()) as { code: number; data: { email: string; role: string } };
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ email: 'life@example.com', role: 'admin' });
    const secondExit = exited(second);
    second.kill('SIGTERM');
    expect(await secondExit).toBe(0);
  }, 240_000);
});
