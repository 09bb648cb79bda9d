import type { ColumnType, Generated } from 'kysely';
import type { FeedbackCategory, FeedbackStatus } from '@xueba/contract';

/** Kysely types of the feedback tables (migration 0024_feedback_support), merged into `Database`. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FeedbacksTable {
  id: Generated<number>;
  user_id: number;
  category: FeedbackCategory;
  content: string;
  /** Storage keys of the screenshots. */
  images: ColumnType<string[], string | undefined, string>;
  page: string;
  status: ColumnType<FeedbackStatus, FeedbackStatus | undefined, FeedbackStatus>;
  user_unread: ColumnType<boolean, boolean | undefined, boolean>;
  reply_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: number;
  author: 'user' | 'operator';
  operator_id: number | null;
  content: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    feedbacks: FeedbacksTable;
    feedback_replies: FeedbackRepliesTable;
  }
}
