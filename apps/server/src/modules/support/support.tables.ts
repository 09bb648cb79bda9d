import type { ColumnType, Generated } from 'kysely';
import type { SupportStatus } from '@xueba/contract';

/** Kysely types of the customer service tables (migration 0024_feedback_support), merged into `Database`. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Counter = ColumnType<number, number | undefined, number>;

export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number | null;
  visitor_email: string | null;
  /** The language mail to a visitor is written in (the one they wrote from). */
  locale: ColumnType<string, string | undefined, string>;
  status: ColumnType<SupportStatus, SupportStatus | undefined, SupportStatus>;
  user_unread: Counter;
  staff_unread: Counter;
  preview: ColumnType<string, string | undefined, string>;
  last_message_at: Timestamp;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'user' | 'operator';
  operator_id: number | null;
  content: string;
  image_key: string | null;
  created_at: Timestamp;
}

export interface SupportVisitorTokensTable {
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SupportPresenceTable {
  stream_id: string;
  /** `u:<user id>` or `e:<visitor email>`. */
  conversation_subject: string;
  seen_at: Timestamp;
}

export interface SupportQuickRepliesTable {
  id: Generated<number>;
  title: string;
  content: string;
  sort: Counter;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    support_conversations: SupportConversationsTable;
    support_messages: SupportMessagesTable;
    support_visitor_tokens: SupportVisitorTokensTable;
    support_presence: SupportPresenceTable;
    support_quick_replies: SupportQuickRepliesTable;
  }
}
