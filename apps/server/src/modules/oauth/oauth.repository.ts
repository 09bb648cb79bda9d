import type { Db, Tx } from '../../platform/db/transaction.js';
import type { UserRow } from '../../platform/db/schema.js';

export type OauthProvider = 'google' | 'wechat';

export interface StoredState {
  provider: string;
  code_verifier: string | null;
  nonce: string | null;
  redirect: string;
  expires_at: Date;
}

/** All SQL of third-party sign-in: pending states and account lookup/linking. */
export class OauthRepository {
  async insertState(db: Db, s: { state: string; provider: OauthProvider; codeVerifier: string | null; nonce: string | null; redirect: string; now: Date; expiresAt: Date }): Promise<void> {
    await db
      .insertInto('oauth_states')
      .values({ state: s.state, provider: s.provider, code_verifier: s.codeVerifier, nonce: s.nonce, redirect: s.redirect, created_at: s.now, expires_at: s.expiresAt })
      .execute();
  }

  /** Takes a state out (single use, atomic across processes): a second callback with it finds nothing. */
  takeState(db: Db, state: string, provider: OauthProvider): Promise<StoredState | undefined> {
    return db
      .deleteFrom('oauth_states')
      .where('state', '=', state)
      .where('provider', '=', provider)
      .returning(['provider', 'code_verifier', 'nonce', 'redirect', 'expires_at'])
      .executeTakeFirst();
  }

  async pruneStates(db: Db, now: Date): Promise<void> {
    await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
  }

  findByGoogleSub(db: Db | Tx, sub: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  }

  findByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findByWechatUnionid(db: Db | Tx, unionid: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('wechat_unionid', '=', unionid).executeTakeFirst();
  }

  findByWechatOpenid(db: Db | Tx, openid: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('wechat_openid', '=', openid).executeTakeFirst();
  }

  /** Links a Google account unless the user already has a different one. Returns whether the link holds. */
  async linkGoogle(db: Db, userId: number, sub: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ google_sub: sub, updated_at: now })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('google_sub', 'is', null), eb('google_sub', '=', sub)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Fills in WeChat ids the user does not have yet (an account found by unionid from another app, or by openid before unionid was known). */
  async fillWechat(db: Db, userId: number, ids: { openid: string; unionid: string | null }, now: Date): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({
        wechat_openid: eb.fn.coalesce('wechat_openid', eb.val(ids.openid)),
        wechat_unionid: eb.fn.coalesce('wechat_unionid', eb.val(ids.unionid)),
        updated_at: now,
      }))
      .where('id', '=', userId)
      .execute();
  }
}
