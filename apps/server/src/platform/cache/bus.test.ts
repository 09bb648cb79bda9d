import { api } from '@xueba/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoApps, makeUser, ON_POSTGRES, type TestApp, callApi } from '../../test/helpers.js';
import { PgNotifyBus } from './bus.js';
import { until } from '../../test/sse-client.js';

describe.skipIf(!ON_POSTGRES)('invalidation bus: the listening connection is terminated', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let admin: pg.Client;
  beforeAll(async () => {
    two = await createTwoApps();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await two?.close();
  });

  it('reconnects with backoff for as long as it takes, and a change made meanwhile on A is seen on B; a second termination (of every connection) too', async () => {
    const { a, b } = two;
    const bus = b.owned.ctx.bus;
    if (!(bus instanceof PgNotifyBus)) throw new Error('expected the PostgreSQL bus');
    const database = new URL(b.databaseUrl!).pathname.slice(1);
    const limitOn = async (app: TestApp) => (await callApi(app.app, api.config)).body.data.chat.max_question_chars;
    const owner = await makeUser(a.app, { role: 'admin' });
    const settings = (await callApi(a.app, api.adminAiSettings, { token: owner.token })).body.data;
    const setLimit = async (n: number) => expect((await callApi(a.app, api.adminAiSettingsSave, { token: owner.token, body: { ...settings, max_question_chars: n } })).status).toBe(200);
    const logged = (msg: string) => b.logged.filter((e) => e.msg === msg).length;

    // B has built and cached its config.
    expect(await limitOn(b)).toBe(8000);

    // Round 1: the listener is terminated, and for a while no new connection is allowed, so the first reconnect fails.
    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [bus.applicationName]);
      await until(() => !bus.connected);
      await until(() => logged('invalidation listener: reconnect failed; trying again') >= 1);
      // B keeps serving (its pool's connections are open) and caches its config again.
      expect(await limitOn(b)).toBe(8000);
    } finally {
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    }
    // Changed on A while B hears nothing.
    await setLimit(2345);
    expect(bus.connected).toBe(false);
    await until(() => bus.connected);
    expect(await limitOn(b)).toBe(2345);
    expect(logged('invalidation listener lost: caches dropped until it is back; reconnecting')).toBe(1);
    expect(logged('invalidation listener reconnected; caches dropped')).toBe(1);

    // Round 2: every connection of both apps is terminated (listeners and pools); both come back.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    await until(() => logged('invalidation listener lost: caches dropped until it is back; reconnecting') === 2);
    await until(() => bus.connected && a.owned.ctx.bus instanceof PgNotifyBus && a.owned.ctx.bus.connected);
    expect(logged('invalidation listener reconnected; caches dropped')).toBe(2);
    // The listener is live again: a change on A reaches B's cache through its notification, within a second.
    expect(await limitOn(b)).toBe(2345);
    await setLimit(3456);
    const started = Date.now();
    await until(async () => (await limitOn(b)) === 3456);
    expect(Date.now() - started).toBeLessThan(1000);
  }, 60_000);
});
