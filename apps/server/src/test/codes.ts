import type { FastifyInstance } from 'fastify';

/**
 * Reads the newest verification code sent to `recipient` from the outbox,
 * exactly as an operator without a mail/SMS transport would. Nothing in the
 * product exposes codes for tests.
 */
export async function latestCode(app: FastifyInstance, recipient: string, channel: 'email' | 'sms' = recipient.includes('@') ? 'email' : 'sms'): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('outbox')
    .select(['body'])
    .where('recipient', '=', recipient)
    .where('channel', '=', channel)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const match = row?.body.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in the outbox for ${recipient}`);
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
