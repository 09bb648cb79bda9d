import type { Kysely } from 'kysely';
import type { Env } from '../config/env.js';
import type { Database } from './db/schema.js';
import type { InvalidationBus } from './cache/bus.js';
import type { SecretBox } from './crypto.js';
import type { MailTransport } from '../providers/mail/mail.js';
import type { SmsProvider } from '../providers/sms/sms.js';
import type { FileStorage } from '../providers/storage/storage.js';
import type { RemoteFileSource } from '../providers/http/remote-file.js';
import type { Logger } from './logger.js';

/**
 * Everything a module needs from the outside, built once by main.ts (or a
 * test) and handed to buildApp. Modules never read process.env themselves.
 */
export interface AppContext {
  env: Env;
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  bus: InvalidationBus;
  secrets: SecretBox;
  /** Secret for hashing verification codes and IPs. */
  appSecret: string;
  /** SMTP, or (without SMTP_URL) the log-only transport: `delivers` tells which. */
  mail: MailTransport;
  sms: SmsProvider;
  storage: FileStorage;
  /** Downloads of user-influenced URLs (paper PDFs), behind the SSRF guard. */
  remoteFiles: RemoteFileSource;
  version: string;
  /** Injectable clock so tests can move time (code expiry, lockouts, membership expiry). */
  now: () => Date;
  /** Logs of work outside requests: background jobs, the invalidation bus, maintenance. */
  log: Logger;
}
