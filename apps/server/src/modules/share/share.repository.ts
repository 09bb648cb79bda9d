import type { Db, Tx } from '../../platform/db/transaction.js';

export interface InviterRef {
  id: number;
  inviter_id: number | null;
}

/** All SQL of invitations and advertising attribution. */
export class ShareRepository {
  findByShareId(db: Db | Tx, shareId: string): Promise<InviterRef | undefined> {
    return db.selectFrom('users').select(['id', 'inviter_id']).where('share_id', '=', shareId).executeTakeFirst();
  }

  async shareIdOf(db: Db, userId: number): Promise<string | undefined> {
    const row = await db.selectFrom('users').select('share_id').where('id', '=', userId).executeTakeFirst();
    return row?.share_id;
  }

  async counts(db: Db, userId: number): Promise<{ invites: number; clicks: number }> {
    const [invites, clicks] = await Promise.all([
      db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('inviter_id', '=', userId).executeTakeFirstOrThrow(),
      db.selectFrom('share_clicks').select((eb) => eb.fn.countAll<string>().as('n')).where('inviter_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { invites: Number(invites.n), clicks: Number(clicks.n) };
  }

  /** Records a click unless this IP already clicked this link today (unique index). Returns whether it counted. */
  async recordClick(db: Db, click: { shareId: string; inviterId: number; ipHash: string; userId: number | null; day: string; now: Date }): Promise<boolean> {
    const result = await db
      .insertInto('share_clicks')
      .values({ share_id: click.shareId, inviter_id: click.inviterId, ip_hash: click.ipHash, user_id: click.userId, click_day: click.day, created_at: click.now })
      .onConflict((oc) => oc.columns(['share_id', 'ip_hash', 'click_day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Locks both users in id order, so two people binding to each other at once cannot both pass the cycle check. */
  async lockPair(tx: Tx, a: number, b: number): Promise<Map<number, InviterRef & { user_sn: string | null }>> {
    const rows = await tx
      .selectFrom('users')
      .select(['id', 'inviter_id', 'user_sn'])
      .where('id', 'in', [a, b])
      .orderBy('id')
      .forUpdate()
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async setInviter(tx: Tx, userId: number, inviterId: number, userSn: string | null, now: Date): Promise<void> {
    await tx
      .updateTable('users')
      .set((eb) => ({ inviter_id: inviterId, user_sn: eb.fn.coalesce('user_sn', eb.val(userSn)), updated_at: now }))
      .where('id', '=', userId)
      .where('inviter_id', 'is', null)
      .execute();
  }

  async adClickExists(tx: Tx, clickId: string, userId: number | null): Promise<boolean> {
    const row = await tx
      .selectFrom('ad_clicks')
      .select('id')
      .where('click_id', '=', clickId)
      .where('user_id', 'is not distinct from', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertAdClick(tx: Tx, click: { clickId: string; channel: string | null; userId: number | null; now: Date }): Promise<void> {
    await tx.insertInto('ad_clicks').values({ click_id: click.clickId, channel: click.channel, user_id: click.userId, created_at: click.now }).execute();
  }

  /** Keeps the first click ID a user arrived with; returns whether it was stored. */
  async setUserClickId(tx: Tx, userId: number, clickId: string, now: Date): Promise<boolean> {
    const result = await tx
      .updateTable('users')
      .set({ click_id: clickId, updated_at: now })
      .where('id', '=', userId)
      .where('click_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
