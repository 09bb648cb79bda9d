import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { latestCode } from '../../test/codes.js';

/**
 * The web app sends the share_id with the registration itself (spec §2/§4), so
 * a sign-up through an invitation link must create the invitation reward just
 * like POST /share/bind does; the later bind from the browser is then a no-op.
 */
describe('registration through an invitation link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function words(userId: number): Promise<number> {
    return (await t.app.services.ledger.balances(userId)).word_count ?? 0;
  }

  it('grants the rewards that unlock at sign-up, once, and counts the invitation', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const current = (await callApi(t.app, api.adminPromotionSettings, { token: admin.token })).body.data;
    const invite = { enabled: true, unlock: 'signup' as const, inviter_reward: { conversation_count: 0, word_count: 5000, drawing_count: 0 }, invitee_reward: { conversation_count: 0, word_count: 700, drawing_count: 0 } };
    expect((await callApi(t.app, api.adminPromotionSettingsSave, { token: admin.token, body: { ...current, invite } })).status).toBe(200);

    const inviter = await makeUser(t.app);
    const before = await words(inviter.user.id);
    const send = await callApi(t.app, api.sendEmailCode, { body: { email: 'invited@example.com', scene: 'register' } });
    expect(send.status).toBe(200);
    const code = latestCode(t, 'invited@example.com');
    const reg = await callApi(t.app, api.register, {
      body: { email: 'invited@example.com', code, password: 'pass123', password_confirm: 'pass123', share_id: inviter.user.share_id },
    });
    expect(reg.status).toBe(200);
    const invitee = await t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', 'invited@example.com').executeTakeFirstOrThrow();
    expect(invitee.inviter_id).toBe(inviter.user.id);

    expect(await words(inviter.user.id)).toBe(before + 5000);
    // The browser binds again after signing in: already bound to the same inviter, nothing more is paid.
    const bound = await callApi(t.app, api.bind, { token: reg.body.data.token, body: { share_id: inviter.user.share_id } });
    expect(bound.status).toBe(200);
    expect(await words(inviter.user.id)).toBe(before + 5000);
    const overview = await callApi(t.app, api.invite, { token: inviter.token });
    expect(overview.body.data).toMatchObject({ invite_count: 1, earned: { word_count: 5000 } });
    const inviteeLedger = await t.app.ctx.db.selectFrom('ledger').select(['asset', 'delta']).where('user_id', '=', invitee.id).where('asset', '=', 'word_count').execute();
    expect(inviteeLedger.map((r) => Number(r.delta))).toContain(700);
  });
});
