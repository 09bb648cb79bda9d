import { sql } from 'kysely';
import type { Source } from '@xueba/contract';
import type { Db, Tx } from '../db/transaction.js';

/** The tables whose answers are metered and stoppable across processes (chat answers, template outputs). */
export type AnswerTable = 'chat_messages' | 'creations';

/** An answer's outcome as its result writer stores it. */
export interface Settlement {
  status: 'done' | 'stopped' | 'failed';
  content: string;
  error: string | null;
  sources: Source[] | null;
  promptTokens: number;
  completionTokens: number;
  words: number;
  chargedAsset: string | null;
  charged: number;
  now: Date;
}

/** The balances a billed answer shows when it ends. */
export interface Balances {
  conversation_count: number;
  word_count: number;
}

/** What the answer gate checks (migration 0010's `answer_gate`): the user, the rate window and the limits, and what the answer would cost. */
export interface GateArgs {
  userId: number;
  /** Start of the current fixed one-minute rate window. */
  window: Date;
  ratePerMinute: number;
  maxStreams: number;
  /** null: nothing to pay (members, free models). */
  billing: { mode: 'per_answer' | 'per_1k_words'; price: number } | null;
}

/** The SQL of metered answers: the gate, the charge, stop requests, heartbeats and the sweep of answers a dead process left. */
export class AnswersRepository {
  /**
   * Every check an answer passes, under the user's stream lock, in one statement (decision 0012).
   * A refusal rejects with SQLSTATE XB001 and the message key (see `AnswerGate.refusal`).
   */
  async gate(tx: Tx, g: GateArgs): Promise<void> {
    await sql`SELECT answer_gate(${g.userId}, ${g.window}, ${g.ratePerMinute}, ${g.maxStreams}, ${g.billing?.mode ?? null}, ${g.billing?.price ?? 0})`.execute(tx);
  }

  /** Locks the balance row so the clamp and the deduction see the same amount. */
  async balanceForUpdate(tx: Tx, userId: number, asset: string): Promise<number> {
    const row = await tx.selectFrom('balances').select('amount').where('user_id', '=', userId).where('asset', '=', asset).forUpdate().executeTakeFirst();
    return row ? Number(row.amount) : 0;
  }

  async billedBalances(tx: Tx | Db, userId: number): Promise<Balances> {
    const rows = await tx.selectFrom('balances').select(['asset', 'amount']).where('user_id', '=', userId).where('asset', 'in', ['conversation_count', 'word_count']).execute();
    const of = (asset: string) => Number(rows.find((r) => r.asset === asset)?.amount ?? 0);
    return { conversation_count: of('conversation_count'), word_count: of('word_count') };
  }

  /** Asks whichever process streams these answers of the user to stop them; another user's rows are never touched. */
  async requestStop(db: Db, table: AnswerTable, userId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable(table)
      .set({ stop_requested: true })
      .where('id', 'in', ids.map(String))
      .where('user_id', '=', userId)
      .where('status', '=', 'generating')
      .execute();
  }

  /** Which of these answers were asked to stop (by a /stop handled in another process). */
  async stopRequested(db: Db, table: AnswerTable, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids.map(String)).where('stop_requested', '=', true).execute();
    return rows.map((r) => Number(r.id));
  }

  async heartbeat(db: Db, table: AnswerTable, ids: number[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable(table).set({ updated_at: now }).where('id', 'in', ids.map(String)).where('status', '=', 'generating').execute();
  }

  /** Answers whose process died: generating with no heartbeat since `before` become failed (nothing charged). */
  async failStale(db: Db, table: AnswerTable, before: Date, now: Date): Promise<number> {
    const result = await db
      .updateTable(table)
      .set({ status: 'failed', error: 'generation_failed', updated_at: now })
      .where('status', '=', 'generating')
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** One visitor question more today; returns today's count including this one. */
  async countVisitorQuestion(db: Db, ipHash: string, day: string): Promise<number> {
    const row = await db
      .insertInto('chat_visitor_usage')
      .values({ ip_hash: ipHash, day, count: 1 })
      .onConflict((oc) => oc.columns(['ip_hash', 'day']).doUpdateSet({ count: sql<number>`chat_visitor_usage.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }
}
