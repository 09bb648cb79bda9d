import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './config/env.js';
import type { AppContext } from './platform/context.js';
import { openDatabase, type DatabaseHandle } from './platform/db/database.js';
import { LocalBus, PgNotifyBus, type InvalidationBus } from './platform/cache/bus.js';
import { resolveAppSecret, SecretBox } from './platform/crypto.js';
import { LogMailTransport, SmtpMailTransport } from './providers/mail/mail.js';
import { LogSmsProvider } from './providers/sms/sms.js';
import { MessageLog } from './providers/redact.js';
import { LocalFileStorage, type FileStorage } from './providers/storage/storage.js';
import { HttpRemoteFileSource } from './providers/http/remote-file.js';

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
  storage?: FileStorage;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface OwnedContext {
  ctx: AppContext;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database (migrating it), the bus and the providers chosen by the environment. */
export async function createContext(env: Env, options: ContextOptions = {}): Promise<OwnedContext> {
  const dataDir = options.memory ? 'memory' : path.join(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? 'memory' : dataDir, thread: env.PGLITE_THREAD });
  let bus: InvalidationBus;
  try {
    bus = database.kind === 'postgres' && database.connectionString ? await PgNotifyBus.start(database.pool, database.connectionString) : new LocalBus();
  } catch (error) {
    await database.close();
    throw error;
  }
  const appSecret = resolveAppSecret(env.APP_SECRET, options.memory ? 'memory' : env.dataDir);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
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
    sms: new LogSmsProvider(messageLog),
    storage: options.storage ?? new LocalFileStorage(path.join(env.dataDir, 'files')),
    remoteFiles: new HttpRemoteFileSource({ allowHosts: env.REMOTE_FETCH_ALLOW_HOSTS }),
    version: readVersion(),
    now: options.now ?? (() => new Date()),
  };
  return {
    ctx,
    database,
    close: async () => {
      await bus.close();
      await mail.close();
      await database.close();
    },
  };
}
