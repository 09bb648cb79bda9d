import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PG, pgConstraint, pgErrorCode, transaction, type Tx } from '../../platform/db/transaction.js';
import type { LedgerRow } from '../../platform/db/schema.js';
import { LedgerRepository, type LedgerEntryInput } from './ledger.repository.js';

export type { LedgerEntryInput } from './ledger.repository.js';

/**
 * The only way a balance changes: the balance row and an append-only ledger
 * row, in the same transaction. An idempotency key makes a retried operation
 * (a double-clicked admin adjustment, a replayed notification) apply once.
 */
export class LedgerService {
  readonly repo = new LedgerRepository();

  constructor(private readonly ctx: AppContext) {}

  /**
   * Applies one entry inside the caller's transaction. Returns the ledger row,
   * or the earlier row when the idempotency key was already used. The caller
   * must invalidate the user's cache after commit (`afterCommit`).
   */
  async applyInTx(tx: Tx, entry: LedgerEntryInput): Promise<{ row: LedgerRow; replayed: boolean }> {
    if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) throw new AppError('validation_failed', 400, { field: 'delta' });
    if (entry.idempotencyKey) {
      const existing = await this.repo.findByKey(tx, entry.idempotencyKey);
      if (existing) return { row: existing, replayed: true };
    }
    let balance: number | null;
    try {
      balance = await this.repo.addToBalance(tx, entry.userId, entry.asset, entry.delta);
    } catch (error) {
      if (pgErrorCode(error) === PG.CHECK_VIOLATION) throw new AppError(insufficientKey(entry.asset), 400);
      throw error;
    }
    if (balance === null) throw new AppError(insufficientKey(entry.asset), 400);
    const row = await this.repo.insert(tx, entry, balance, this.ctx.now());
    return { row, replayed: false };
  }

  /**
   * Takes up to `amount` of one balance inside the caller's transaction: as
   * much as there is, never below zero (a refund taking back what may have
   * been spent). The balance row is locked first so a concurrent spend cannot
   * slip between the read and the deduction. With an idempotency key already
   * used, nothing more is taken and the earlier amount is answered.
   */
  async takeUpToInTx(tx: Tx, entry: Omit<LedgerEntryInput, 'delta'> & { amount: number }): Promise<{ taken: number; replayed: boolean }> {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) throw new AppError('validation_failed', 400, { field: 'amount' });
    if (entry.idempotencyKey) {
      const existing = await this.repo.findByKey(tx, entry.idempotencyKey);
      if (existing) return { taken: -Number(existing.delta), replayed: true };
    }
    const { amount, ...rest } = entry;
    const taken = Math.min(amount, await this.repo.lockBalance(tx, entry.userId, entry.asset));
    if (taken <= 0) return { taken: 0, replayed: false };
    await this.applyInTx(tx, { ...rest, delta: -taken });
    return { taken, replayed: false };
  }

  /** Applies entries in their own transaction and invalidates the user's cached info. */
  async apply(entries: LedgerEntryInput[]): Promise<LedgerRow[]> {
    try {
      return await transaction(this.ctx.db, async (tx, afterCommit) => {
        const rows: LedgerRow[] = [];
        for (const entry of entries) rows.push((await this.applyInTx(tx, entry)).row);
        const users = new Set(entries.map((e) => e.userId));
        afterCommit(async () => {
          for (const id of users) await this.ctx.bus.publish('user', String(id));
        });
        return rows;
      });
    } catch (error) {
      // Two concurrent requests with one idempotency key: the loser sees the
      // unique violation after the winner committed, and gets the winner's row.
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION && pgConstraint(error) === 'ledger_idempotency_key_key') {
        const rows: LedgerRow[] = [];
        for (const entry of entries) {
          const row = entry.idempotencyKey ? await this.repo.findByKey(this.ctx.db, entry.idempotencyKey) : undefined;
          if (!row) throw error;
          rows.push(row);
        }
        return rows;
      }
      throw error;
    }
  }

  async balances(userId: number): Promise<Record<string, number>> {
    return this.repo.balances(this.ctx.db, userId);
  }
}

function insufficientKey(asset: string) {
  if (asset === 'conversation_count') return 'insufficient_conversation_balance' as const;
  if (asset === 'word_count') return 'insufficient_word_balance' as const;
  if (asset === 'drawing_count') return 'draw_insufficient' as const;
  return 'insufficient_balance' as const;
}
