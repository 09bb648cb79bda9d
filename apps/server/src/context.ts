import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './config/env.js';
import type { AppContext } from './platform/context.js';
import { openDatabase, type DatabaseHandle } from './platform/db/database.js';
import { LocalBus, PgNotifyBus, type InvalidationBus } from './platform/cache/bus.js';
import { resolveAppSecret, SecretBox } from './platform/crypto.js';
import { LogMailTransport, SmtpMailTransport } from './providers/mail/mail.js';
import { createSmsProvider } from './providers/sms/select.js';
import { MessageLog } from './providers/redact.js';
import { LocalFileStorage, type FileStorage } from './providers/storage/storage.js';
import { HttpRemoteFileSource } from './providers/http/remote-file.js';
import { FileUrlSigner } from './providers/storage/signed-url.js';
import { s3Storage } from './providers/storage/s3-storage.js';
import { createLogger, type Logger } from './platform/logger.js';
import { MaintenanceScheduler } from './platform/maintenance.js';
import { maintenanceTasks } from './maintenance-tasks.js';

export function readVersion(): string {
  try {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export interface ContextOptions {
  /** PGlite in memory instead of DATA_DIR (tests). */
  memory?: boolean;
  /** With `memory`: start from this migrated data directory image (see OpenOptions.memoryImage). */
  memoryImage?: Uint8Array;
  /** Builds the file store (tests: in memory) with the signer of its private URLs. */
  storage?: (urls: FileUrlSigner) => FileStorage;
  log?: (line: string) => void;
  /** Where background work logs (default: pino on stdout at LOG_LEVEL). */
  logger?: Logger;
  now?: () => Date;
}

export interface OwnedContext {
  ctx: AppContext;
  database: DatabaseHandle;
  /** Periodic upkeep (pruning old rows), running from creation until close. */
  maintenance: MaintenanceScheduler;
  close(): Promise<void>;
}

/** Opens the database (migrating it), the bus and the providers chosen by the environment. */
export async function createContext(env: Env, options: ContextOptions = {}): Promise<OwnedContext> {
  const dataDir = options.memory ? 'memory' : path.join(env.dataDir);
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const now = options.now ?? (() => new Date());
  const bucket = options.storage ? null : s3Storage(env, now);
  // Checked before anything opens: a wrong key or bucket stops the process with a clear sentence.
  await bucket?.verify();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? 'memory' : dataDir, thread: env.PGLITE_THREAD, log: logger, memoryImage: options.memoryImage });
  let bus: InvalidationBus;
  try {
    bus = database.kind === 'postgres' && database.connectionString ? await PgNotifyBus.start(database.pool, database.connectionString, logger) : new LocalBus();
  } catch (error) {
    await database.close();
    throw error;
  }
  const appSecret = resolveAppSecret(env.APP_SECRET, options.memory ? 'memory' : env.dataDir);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const fileUrls = new FileUrlSigner(appSecret, now);
  // The log-only transports print codes for developers, never in production.
  const messageLog = new MessageLog(log, env.NODE_ENV !== 'production');
  const mail = env.SMTP_URL ? new SmtpMailTransport(env.SMTP_URL, env.SMTP_FROM) : new LogMailTransport(messageLog);
  const ctx: AppContext = {
    env,
    db: database.db,
    dbKind: database.kind,
    bus,
    secrets: new SecretBox(appSecret),
    appSecret,
    mail,
    sms: createSmsProvider(env, messageLog),
    storage: options.storage ? options.storage(fileUrls) : (bucket ?? new LocalFileStorage(path.join(env.dataDir, 'files'), fileUrls)),
    remoteFiles: new HttpRemoteFileSource({ allowHosts: env.REMOTE_FETCH_ALLOW_HOSTS }),
    version: readVersion(),
    now,
    log: logger,
  };
  const maintenance = new MaintenanceScheduler(maintenanceTasks(ctx), ctx.now, logger);
  maintenance.start();
  return {
    ctx,
    database,
    maintenance,
    close: async () => {
      await maintenance.stop();
      await bus.close();
      await mail.close();
      await database.close();
      bucket?.client.destroy();
    },
  };
}
