import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from './config/env.js';
import { createContext } from './context.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './modules/user/admin-bootstrap.js';
import { startBanner } from './start-banner.js';
import { testClockFromEnv } from './platform/test-clock.js';

const DRAIN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const owned = await createContext(env, { now: testClockFromEnv(process.env, env.NODE_ENV) });
  const webDist = env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp(owned.ctx, { webDist });
  const admin = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? await ensureAdmin(owned.ctx, app.services, env.ADMIN_EMAIL, env.ADMIN_PASSWORD) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    // Connections that were busy when closing began become idle once their
    // response is sent; close them then instead of waiting for keep-alive to expire.
    const idleSweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    idleSweeper.unref();
    try {
      // close() stops accepting, waits for in-flight requests, then we close the database.
      await app.close();
      clearInterval(idleSweeper);
      await owned.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const model = await app.services.models.resolve(undefined, 'en');
  process.stdout.write(
    startBanner({
      version: owned.ctx.version,
      url: env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${env.PORT}`,
      database: owned.database.kind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL (DATABASE_URL)',
      files: path.join(env.dataDir, 'files'),
      model: model.kind === 'offline' ? 'offline (no model connected: answers from retrieval; connect one in /admin -> Models)' : `${model.name} (${model.key})`,
      mail: owned.ctx.mail.delivers
        ? 'SMTP'
        : `not configured: mails go to the server log${env.NODE_ENV === 'production' ? ' (codes masked)' : ' (with their codes)'} and /admin -> Outbox (codes masked)`,
      admin: admin && env.ADMIN_EMAIL ? `${env.ADMIN_EMAIL} ${admin}` : null,
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
