import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely types of the chat tables (migration 0005_chat), merged into the
 * shared `Database` interface by module augmentation so the feature's tables
 * live with the feature. Models, favorites and templates keep theirs in their
 * own folders.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigserial ids come back from pg as strings. */
type BigId = ColumnType<string, never, never>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** The status of a generated answer (chat messages and template creations share the answer runner). */
export type Status = 'generating' | 'done' | 'stopped' | 'failed';

export interface StoredSource {
  n: number;
  source: string;
  id: string;
  title: string;
  url?: string;
  page?: number;
}

/** The columns of a metered answer, shared by chat messages and template creations (one answer runner writes both). */
export interface AnswerColumns {
  status: Status;
  error: string | null;
  prompt_tokens: ColumnType<number, number | undefined, number>;
  completion_tokens: ColumnType<number, number | undefined, number>;
  words: ColumnType<number, number | undefined, number>;
  charged_asset: string | null;
  charged: ColumnType<number, number | undefined, number>;
  stop_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatConversationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  model: string;
  /** Migration 0023: the skill the conversation was started with. */
  skill_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable extends AnswerColumns {
  id: BigId;
  conversation_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  kind: ColumnType<1 | 2 | 3, 1 | 2 | 3 | undefined, 1 | 2 | 3>;
  content: ColumnType<string, string | undefined, string>;
  model: string | null;
  sources: NullableJson<StoredSource[]>;
}

export interface ChatVisitorUsageTable {
  ip_hash: string;
  day: ColumnType<Date, string, string>;
  count: number;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    chat_conversations: ChatConversationsTable;
    chat_messages: ChatMessagesTable;
    chat_visitor_usage: ChatVisitorUsageTable;
  }
}
