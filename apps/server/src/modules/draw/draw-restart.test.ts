import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { createContext } from '../../context.js';
import { MemoryFileStorage } from '../../providers/storage/storage.js';
import { startDrawPeers, SD_PEER_MODELS, YJ_PEER_ENGINES, type DrawPeers } from '../../test/draw-peers/index.js';
import { drawBalance, drawUser, ledgerOf, submit, waitFor } from '../../test/draw-fixture.js';
import { createTestApp, createTestDatabase, ON_POSTGRES, TestClock, type TestApp } from '../../test/helpers.js';
import { captureLogger } from '../../test/logger.js';
import { until } from '../../test/sse-client.js';

/**
 * One "process" of the app on a database that outlives it: PostgreSQL (a
 * database of this test's own), or the embedded database in a data directory
 * (a second app opens the same files after the first closed).
 */
async function boot(env: Record<string, string>, where: { databaseUrl?: string; dataDir?: string }): Promise<TestApp> {
  if (where.databaseUrl) return createTestApp(env, { databaseUrl: where.databaseUrl });
  const clock = new TestClock();
  const logger = captureLogger();
  const logs: string[] = [];
  let storage: MemoryFileStorage | undefined;
  const owned = await createContext(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-0123456789', DATA_DIR: where.dataDir, OPENALEX_URL: 'http://127.0.0.1:9/', ...env }), {
    storage: (urls) => (storage = new MemoryFileStorage(urls)),
    now: clock.now,
    log: (line) => logs.push(line),
    logger,
  });
  const app = await buildApp(owned.ctx, { logger: false });
  await app.ready();
  return {
    app,
    owned,
    storage: storage!,
    clock,
    logs,
    logged: logger.entries,
    close: async () => {
      await app.close();
      await owned.close();
    },
  };
}

describe('drawing across a restart', () => {
  let peers: DrawPeers;
  let where: { databaseUrl?: string; dataDir?: string };
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    peers = await startDrawPeers({ msPerPicture: 2500, progressSteps: 5, retryAfterSeconds: 0 });
    if (ON_POSTGRES) {
      const database = await createTestDatabase();
      where = { databaseUrl: database.url };
      drop = database.drop;
    } else {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'xueba-draw-restart-'));
      where = { dataDir };
      drop = () => fs.rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await peers.close();
    await drop();
  });

  it('loses nothing: a new process resumes the remote task, draws the waiting jobs again, and fails what ran out of attempts with one refund', async () => {
    const env = { JOBS_POLL_MS: '25', ...peers.env };
    const a = await boot(env, where);
    const user = await drawUser(a, 10);
    peers.sd.script(['hang']);
    const ids: number[] = [];
    for (const body of [
      { family: 'sd', model: SD_PEER_MODELS[0], size: '512x512' },
      { family: 'yj', model: YJ_PEER_ENGINES[0], size: '1:1' },
      { family: 'openai', size: '1024x1024' },
      { family: 'openai', size: '1024x1024' },
    ]) {
      const res = await submit(a, user.token, body);
      expect(res.status, res.body.msg).toBe(200);
      ids.push(res.body.data.id);
    }
    const [j1, j2, j3, j4] = ids as [number, number, number, number];
    const row = (id: number) => a.owned.ctx.db.selectFrom('draw_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Two run (the per-user limit), the YJ one with its remote task recorded; two wait.
    await until(async () => (await row(j1)).status === 'running' && (await row(j2)).remote_task_id !== null, 8000);
    expect((await row(j3)).status).toBe('queued');
    const putTasks = () => peers.yj.calls.filter((c) => c.path.endsWith('put_task')).length;
    const puts = putTasks();
    expect(await drawBalance(a, user.id)).toBe(6);

    // The app stops (its lane hands the running jobs back to the queue); before its database closes,
    // the rows are made what a process killed mid-job leaves: queue rows still running, heartbeats long stale.
    // j1 was on its last attempt; j4's queue row ended without ending the drawing (a handler that died on its last attempt).
    await a.app.close();
    const stale = new Date(Date.now() - 10 * 60_000);
    const jobs = a.owned.ctx.db.updateTable('jobs');
    await jobs.set({ status: 'running', heartbeat_at: stale, locked_by: 'dead-process' }).where('ref', 'in', [`draw:${j1}`, `draw:${j2}`]).execute();
    await a.owned.ctx.db.updateTable('jobs').set({ attempts: 3, max_attempts: 3 }).where('ref', '=', `draw:${j1}`).execute();
    await a.owned.ctx.db.updateTable('jobs').set({ status: 'failed' }).where('ref', '=', `draw:${j4}`).execute();
    await a.owned.close();

    const b = await boot(env, where);
    try {
      const resumed = await waitFor(b, user.token, j2, ['success', 'failed'], 20_000);
      expect(resumed.status).toBe('success');
      expect(resumed.images).toHaveLength(1);
      // Resumed at the provider, not drawn (and paid for there) again.
      expect(putTasks()).toBe(puts);
      expect((await waitFor(b, user.token, j3, ['success', 'failed'], 20_000)).status).toBe('success');
      for (const id of [j1, j4]) {
        const failed = await waitFor(b, user.token, id, ['failed', 'success'], 10_000);
        expect(failed).toMatchObject({ status: 'failed', fail_reason: 'draw_fail_restart', refunded: true });
        expect(await ledgerOf(b, id)).toEqual([
          { delta: -1, key: `draw:${id}:charge` },
          { delta: 1, key: `draw:${id}:refund` },
        ]);
      }
      for (const id of [j2, j3]) expect(await ledgerOf(b, id)).toEqual([{ delta: -1, key: `draw:${id}:charge` }]);
      expect(await drawBalance(b, user.id)).toBe(8);
      const open = await b.owned.ctx.db.selectFrom('draw_jobs').select('id').where('status', 'in', ['queued', 'running']).execute();
      expect(open).toEqual([]);
    } finally {
      await b.close();
    }
  }, 60_000);
});
