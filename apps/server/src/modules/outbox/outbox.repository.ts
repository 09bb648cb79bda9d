import type { Db } from '../../platform/db/transaction.js';
import type { OutboxRow } from '../../platform/db/schema.js';

export type OutboxChannel = 'email' | 'sms';
export type OutboxStatus = 'logged' | 'sent' | 'failed';

export interface NewOutboxRow {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: Date;
}

export class OutboxRepository {
  async insert(db: Db, row: NewOutboxRow): Promise<OutboxRow> {
    return db
      .insertInto('outbox')
      .values({
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        status: row.status,
        error: row.error,
        created_at: row.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async list(db: Db, filter: { channel?: OutboxChannel; limit: number; offset: number }): Promise<{ rows: OutboxRow[]; count: number }> {
    let rows = db.selectFrom('outbox').selectAll();
    let total = db.selectFrom('outbox').select((eb) => eb.fn.countAll<string>().as('n'));
    if (filter.channel) {
      rows = rows.where('channel', '=', filter.channel);
      total = total.where('channel', '=', filter.channel);
    }
    const [list, counted] = await Promise.all([
      rows.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      total.executeTakeFirstOrThrow(),
    ]);
    return { rows: list, count: Number(counted.n) };
  }
}
