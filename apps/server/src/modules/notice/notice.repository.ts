import { sql, type Selectable } from 'kysely';
import type { Locale, NoticeKind } from '@xueba/contract';
import type { Db } from '../../platform/db/transaction.js';
import type { NoticeEmailStatus, NotificationsTable } from './notice.tables.js';

export type NotificationRow = Selectable<NotificationsTable>;

export interface NewNotification {
  userId: number;
  kind: NoticeKind;
  params: Record<string, string | number>;
  link: string | null;
  emailStatus: NoticeEmailStatus;
  dedupeKey: string | null;
  now: Date;
}

/** A notification claimed for mailing, with what the mail needs. */
export interface MailClaim {
  id: number;
  kind: NoticeKind;
  params: Record<string, string | number>;
  link: string | null;
  email: string | null;
  locale: Locale;
}

/** A membership that ends within the reminder window and has not been reminded of this expiry. */
export interface ExpiringMembership {
  user_id: number;
  kind: string;
  period: number;
  expires_at: Date;
}

/** All SQL of the notice centre. */
export class NoticeRepository {
  /** Inserts one notice; with a dedupe key already used for this user, inserts nothing and answers undefined. */
  async insert(db: Db, n: NewNotification): Promise<number | undefined> {
    const row = await db
      .insertInto('notifications')
      .values({
        user_id: n.userId,
        kind: n.kind,
        params: JSON.stringify(n.params),
        link: n.link,
        email_status: n.emailStatus,
        dedupe_key: n.dedupeKey,
        created_at: n.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async page(db: Db, userId: number, filter: { unreadOnly: boolean; limit: number; offset: number }): Promise<{ rows: NotificationRow[]; count: number }> {
    let rows = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    let total = db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId);
    if (filter.unreadOnly) {
      rows = rows.where('read_at', 'is', null);
      total = total.where('read_at', 'is', null);
    }
    const [list, counted] = await Promise.all([rows.orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(), total.executeTakeFirstOrThrow()]);
    return { rows: list, count: Number(counted.n) };
  }

  async unreadCount(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one notice of this user read; answers whether it exists (read before or now). */
  async markRead(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('notifications')
      .set({ read_at: sql<Date>`coalesce(read_at, ${now})` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async markAllRead(db: Db, userId: number, now: Date): Promise<number> {
    const result = await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  preferences(db: Db, userId: number): Promise<{ email_kinds: NoticeKind[]; locale: Locale } | undefined> {
    return db.selectFrom('notice_preferences').select(['email_kinds', 'locale']).where('user_id', '=', userId).executeTakeFirst();
  }

  async savePreferences(db: Db, userId: number, p: { emailKinds?: NoticeKind[]; locale?: Locale; now: Date }): Promise<void> {
    const emailKinds = p.emailKinds === undefined ? undefined : JSON.stringify(p.emailKinds);
    await db
      .insertInto('notice_preferences')
      .values({ user_id: userId, email_kinds: emailKinds ?? '[]', locale: p.locale, updated_at: p.now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          ...(emailKinds === undefined ? {} : { email_kinds: emailKinds }),
          ...(p.locale === undefined ? {} : { locale: p.locale }),
          updated_at: p.now,
        }),
      )
      .execute();
  }

  /**
   * Takes up to `limit` notices waiting for their mail (committed ones only:
   * a caller's open transaction hides its rows), marking them `sending` so
   * two processes never mail the same notice.
   */
  async claimMail(db: Db, limit: number): Promise<MailClaim[]> {
    const claimed = await db
      .updateTable('notifications')
      .set({ email_status: 'sending' })
      .where('id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('email_status', '=', 'pending').orderBy('id').limit(limit).forUpdate().skipLocked())
      .where('email_status', '=', 'pending')
      .returning(['id', 'user_id', 'kind', 'params', 'link'])
      .execute();
    if (claimed.length === 0) return [];
    const users = await db
      .selectFrom('users')
      .leftJoin('notice_preferences', 'notice_preferences.user_id', 'users.id')
      .select(['users.id', 'users.email', 'users.disabled', 'notice_preferences.locale'])
      .where(
        'users.id',
        'in',
        claimed.map((c) => c.user_id),
      )
      .execute();
    const byId = new Map(users.map((u) => [u.id, u]));
    return claimed.map((c) => {
      const user = byId.get(c.user_id);
      return { id: c.id, kind: c.kind, params: c.params, link: c.link, email: user && !user.disabled ? user.email : null, locale: user?.locale ?? 'zh' };
    });
  }

  async setMailStatus(db: Db, id: number, status: NoticeEmailStatus): Promise<void> {
    await db.updateTable('notifications').set({ email_status: status }).where('id', '=', id).execute();
  }

  /** Memberships ending in (now, until] (permanent ones never end). */
  expiringMemberships(db: Db, now: Date, until: Date): Promise<ExpiringMembership[]> {
    return db
      .selectFrom('memberships')
      .select(['user_id', 'kind', 'period', 'expires_at'])
      .where('expires_at', '>', now)
      .where('expires_at', '<=', until)
      .orderBy('id')
      .execute() as Promise<ExpiringMembership[]>;
  }
}
