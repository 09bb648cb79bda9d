import type { Kysely } from 'kysely';
import type { NoticeKind } from '@xueba/contract';
import type { Database } from '../../platform/db/schema.js';

/** What a feature says happened to one user; the notice centre renders it in the reader's language from `kind` and `params`. */
export interface NoticeInput {
  userId: number;
  kind: NoticeKind;
  /** Values the kind's message template interpolates (a title, an amount, a reason). */
  params?: Record<string, string | number>;
  /** In-app path the notice opens (`/user/opinion?id=3`), without a locale prefix. */
  link?: string;
  /**
   * Email: 'preference' (default) sends only when the user opted in to this kind;
   * 'always' sends regardless (a support reply while the user is away).
   */
  email?: 'preference' | 'always' | 'never';
}

/**
 * The one way features notify a user. Passing the caller's transaction writes
 * the notice with the caller's change, so a rolled-back change notifies nobody;
 * mail goes through the outbox after commit.
 */
export interface Notifier {
  notify(input: NoticeInput, db?: Kysely<Database>): Promise<void>;
}
