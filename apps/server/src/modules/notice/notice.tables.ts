import type { ColumnType, Generated } from 'kysely';
import type { Locale, NoticeKind } from '@xueba/contract';

/**
 * Kysely types of the notice tables (migration 0021_notice), merged into the
 * shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type NoticeEmailStatus = 'none' | 'pending' | 'sending' | 'sent' | 'failed';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NoticeKind;
  params: Json<Record<string, string | number>>;
  link: string | null;
  read_at: NullableTimestamp;
  email_status: ColumnType<NoticeEmailStatus, NoticeEmailStatus | undefined, NoticeEmailStatus>;
  /** Set by reminders that must be sent once (`membership:<user>:<expiry>`). */
  dedupe_key: string | null;
  created_at: Timestamp;
}

export interface NoticePreferencesTable {
  user_id: number;
  email_kinds: Json<NoticeKind[]>;
  /** The language the user last used the site in; their mail is written in it. */
  locale: ColumnType<Locale, Locale | undefined, Locale>;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    notifications: NotificationsTable;
    notice_preferences: NoticePreferencesTable;
  }
}
