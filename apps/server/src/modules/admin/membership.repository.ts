import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db/transaction.js';
import type { GrantUpdate } from './membership.js';
import type { GrantSource, MembershipGrantsTable } from './membership.tables.js';

export type MembershipGrantRow = Selectable<MembershipGrantsTable>;

/** All SQL of memberships and their grant records. Callers hold the user's row lock (`lockUser`). */
export class MembershipRepository {
  /** Locks the user row so two grants of a first membership serialise instead of racing on the unique key. */
  async lockUser(tx: Tx, userId: number): Promise<boolean> {
    const row = await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    return row !== undefined;
  }

  /** The user's membership of one kind, locked until the transaction ends. */
  lockMembership(tx: Tx, userId: number, kind: string) {
    return tx.selectFrom('memberships').select(['id', 'level', 'expires_at', 'period']).where('user_id', '=', userId).where('kind', '=', kind).forUpdate().executeTakeFirst();
  }

  async upsertMembership(tx: Tx, m: { userId: number; kind: string; level: 'vip' | 'bvip'; expiresAt: Date | null; period: number; now: Date }) {
    return tx
      .insertInto('memberships')
      .values({ user_id: m.userId, kind: m.kind, level: m.level, expires_at: m.expiresAt, period: m.period, created_at: m.now, updated_at: m.now })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ level: m.level, expires_at: m.expiresAt, period: m.period, updated_at: m.now }))
      .returning(['kind', 'level', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  async insertGrant(
    tx: Tx,
    g: { userId: number; kind: string; period: number; level: 'vip' | 'bvip'; months: number; source: GrantSource; ref: string; startsAt: Date; endsAt: Date | null; absorbed: boolean; now: Date },
  ): Promise<void> {
    await tx
      .insertInto('membership_grants')
      .values({ user_id: g.userId, kind: g.kind, period: g.period, level: g.level, months: g.months, source: g.source, ref: g.ref, starts_at: g.startsAt, ends_at: g.endsAt, absorbed: g.absorbed, created_at: g.now })
      .execute();
  }

  findGrant(tx: Tx, source: GrantSource, ref: string): Promise<MembershipGrantRow | undefined> {
    return tx.selectFrom('membership_grants').selectAll().where('source', '=', source).where('ref', '=', ref).orderBy('id').executeTakeFirst();
  }

  /** The grants of one period of a membership, in grant order. */
  grantsOfPeriod(tx: Tx, userId: number, kind: string, period: number): Promise<MembershipGrantRow[]> {
    return tx.selectFrom('membership_grants').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('period', '=', period).orderBy('id').execute();
  }

  async updateGrant(tx: Tx, update: GrantUpdate, now: Date): Promise<void> {
    await tx
      .updateTable('membership_grants')
      .set({ starts_at: update.starts_at, ends_at: update.ends_at, absorbed: update.absorbed, ...(update.revoked ? { revoked_at: now } : {}) })
      .where('id', '=', update.id)
      .execute();
  }

  async setMembership(tx: Tx, id: number, m: { level: 'vip' | 'bvip'; expiresAt: Date | null; now: Date }): Promise<void> {
    await tx.updateTable('memberships').set({ level: m.level, expires_at: m.expiresAt, updated_at: m.now }).where('id', '=', id).execute();
  }
}
