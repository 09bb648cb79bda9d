import type { FastifyInstance } from 'fastify';
import type { TestApp } from './helpers.js';

/**
 * Reads the newest verification code sent to `recipient` from the server log
 * of the log-only mail and SMS transports, exactly as a developer without
 * SMTP would (the admin outbox keeps codes masked). Nothing in the product
 * exposes codes for tests.
 */
export function latestCode(t: Pick<TestApp, 'logs'>, recipient: string, channel: 'email' | 'sms' = recipient.includes('@') ? 'email' : 'sms'): string {
  const prefix = `${channel === 'email' ? 'Mail' : 'SMS'} to ${recipient}: `;
  const line = t.logs.findLast((entry) => entry.startsWith(prefix));
  // A mail's first line is its subject; the code is in the body below it.
  const text = channel === 'email' ? line?.slice(line.indexOf('\n') + 1) : line?.slice(prefix.length);
  const match = text?.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in the server log for ${recipient}`);
  return match[1];
}

/** Count of rows in a table, to prove a refused request wrote nothing. */
export async function countRows(app: FastifyInstance, table: 'users' | 'sessions' | 'verification_codes' | 'outbox' | 'orgs' | 'ledger'): Promise<number> {
  const row = await app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
