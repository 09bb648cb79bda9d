import { api, type Withdrawal } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callApi } from '../../test/helpers.js';
import { promoFixture, type PromoFixture, type User } from '../../test/promo-fixture.js';

const DAY = 86_400_000;

describe('distribution programme and withdrawals', () => {
  let f: PromoFixture;
  beforeAll(async () => {
    f = await promoFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  const app = () => f.t.app;
  const summary = async (u: User) => (await callApi(app(), api.promotionSummary, { token: u.token })).body.data;
  const commissions = async (u: User) => (await callApi(app(), api.promotionOrders, { token: u.token })).body.data;
  const apply = (u: User, amount: unknown, locale = 'en') =>
    callApi(app(), api.withdrawApply, { token: u.token, locale, body: { amount, method: 'alipay', name: '张三', account: 'zhangsan@example.com' } });
  const admin = (path: string, body: unknown) => call<Withdrawal>(app(), 'POST', path, { token: f.admin.token, locale: 'en', body });

  /** A promoter whose commission is already settled and available: 100 % of one paid order, no pending days. */
  async function funded(): Promise<{ promoter: User; available: number }> {
    await f.setDistribution({ enabled: true, commission_bp: 10_000, pending_days: 0, min_withdraw: 100 });
    const { promoter, invitee } = await f.pair();
    const order = await f.pay(invitee);
    const s = await summary(promoter);
    expect(s.available).toBe(order.amount);
    return { promoter, available: s.available };
  }

  it('one commission per order even with 100 concurrent notification replays; floor(amount × bp / 10000) cents, pending', async () => {
    await f.setDistribution({ enabled: true, commission_bp: 1234, pending_days: 7, min_withdraw: 1000 });
    const { promoter, invitee } = await f.pair();
    const order = await f.order(invitee);
    const replays = await Promise.all(Array.from({ length: 100 }, () => f.notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'REPLAY1' })));
    expect(replays.every((s) => s === 200)).toBe(true);
    const rows = await commissions(promoter);
    expect(rows.count).toBe(1);
    expect(rows.lists[0]).toMatchObject({ order_no: order.order_no, order_amount: order.amount, commission_bp: 1234, amount: Math.floor((order.amount * 1234) / 10_000), status: 'pending' });
    const s = await summary(promoter);
    expect(s).toMatchObject({ pending: rows.lists[0]?.amount, settled: 0, available: 0, invitee_count: 1 });
    expect(s.link).toContain(`share_id=${s.share_id}`);
    const invitees = (await callApi(app(), api.promotionInvitees, { token: promoter.token })).body.data;
    expect(invitees.lists).toEqual([expect.objectContaining({ order_count: 1, commission: rows.lists[0]?.amount })]);
    // The buyer themselves earns nothing; someone without an inviter creates no commission.
    expect((await commissions(invitee)).count).toBe(0);
  });

  it('settles by time (read after the pending days; no job needed), crediting the commission asset through the ledger once', async () => {
    await f.setDistribution({ enabled: true, commission_bp: 1000, pending_days: 3, min_withdraw: 1000 });
    const { promoter, invitee } = await f.pair();
    const order = await f.pay(invitee);
    const amount = Math.floor(order.amount / 10);
    f.t.clock.advance(3 * DAY - 60_000);
    expect(await summary(promoter)).toMatchObject({ pending: amount, settled: 0, available: 0 });
    f.t.clock.advance(120_000);
    const both = await Promise.all([summary(promoter), summary(promoter), commissions(promoter)]);
    expect(both[0]).toMatchObject({ pending: 0, settled: amount, available: amount });
    expect(await f.balance(promoter.user.id, 'commission')).toBe(amount);
    const ledger = await f.t.owned.ctx.db.selectFrom('ledger').select(['asset', 'delta', 'reason', 'ref_type']).where('user_id', '=', promoter.user.id).where('asset', '=', 'commission').execute();
    expect(ledger).toEqual([{ asset: 'commission', delta: String(amount), reason: 'commission_settled', ref_type: 'commission' }]);
  });

  it('the periodic sweep settles for promoters who never look', async () => {
    await f.setDistribution({ enabled: true, commission_bp: 1000, pending_days: 1, min_withdraw: 1000 });
    const { promoter, invitee } = await f.pair();
    await f.pay(invitee);
    f.t.clock.advance(DAY + 1000);
    expect(await app().services.promotion.distribution.settleDue(null)).toBeGreaterThanOrEqual(1);
    expect(await f.balance(promoter.user.id, 'commission')).toBeGreaterThan(0);
  });

  it('an order paid after it closed earns no commission; a refund cancels a pending one; a switched-off programme earns none', async () => {
    await f.setDistribution({ enabled: true, commission_bp: 1000, pending_days: 7, min_withdraw: 1000 });
    const { promoter, invitee } = await f.pair();
    const late = await f.order(invitee);
    f.t.clock.advance(31 * 60_000);
    expect(await f.notify({ order_no: late.order_no, paid_amount: late.amount, trade_no: 'LATE' })).toBe(200);
    expect((await commissions(promoter)).count).toBe(0);
    // Wrong amount and forged notifications: nothing either.
    const other = await f.order(invitee);
    await f.notify({ order_no: other.order_no, paid_amount: other.amount - 1, trade_no: 'WRONG' });
    expect(await f.notify({ order_no: other.order_no, paid_amount: other.amount, trade_no: 'FORGED' }, (n) => (n.headers['x-sandbox-signature'] = '0'.repeat(64)))).toBe(400);
    expect((await commissions(promoter)).count).toBe(0);

    const paid = await f.pay(invitee);
    expect((await commissions(promoter)).lists[0]).toMatchObject({ order_no: paid.order_no, status: 'pending' });
    const refund = await callApi(app(), api.adminOrderRefund, { token: f.admin.token, body: { order_no: paid.order_no, reason: 'customer asked' } });
    expect(refund.body.data).toMatchObject({ status: 'refunded', commission_cancelled: true });
    const again = await callApi(app(), api.adminOrderRefund, { token: f.admin.token, body: { order_no: paid.order_no, reason: 'customer asked' } });
    expect(again.status).toBe(200);
    expect((await callApi(app(), api.adminOrderRefund, { token: f.admin.token, body: { order_no: late.order_no, reason: 'x' } })).status).toBe(409);
    expect((await commissions(promoter)).lists[0]).toMatchObject({ status: 'cancelled', cancel_reason: 'refund: customer asked' });
    f.t.clock.advance(8 * DAY);
    expect(await summary(promoter)).toMatchObject({ pending: 0, settled: 0, available: 0 });

    await f.setDistribution({ enabled: false });
    await f.pay(invitee);
    expect((await commissions(promoter)).count).toBe(1);
  });

  it('withdrawal: schema refuses negative, fractional and huge amounts; below the minimum is refused with the minimum in yuan', async () => {
    const { promoter } = await funded();
    for (const amount of [-100, 0, 1.5, 100_000_001, '500', null]) expect((await apply(promoter, amount)).status).toBe(400);
    await f.setDistribution({ min_withdraw: 1000 });
    const low = await apply(promoter, 999);
    expect(low.status).toBe(400);
    expect(low.body.msg).toBe('The withdrawal must be at least ¥10');
    expect((await callApi(app(), api.withdrawApply, { token: promoter.token, body: { amount: 1000, method: 'paypal', name: 'a', account: 'b' } })).status).toBe(400);
    expect((await callApi(app(), api.withdrawApply, { token: promoter.token, body: { amount: 1000, method: 'bank', name: ' ', account: 'b' } })).status).toBe(400);
  });

  it('two concurrent requests for the whole balance: exactly one is held, the other is "insufficient"', async () => {
    const { promoter, available } = await funded();
    const [a, b] = await Promise.all([apply(promoter, available), apply(promoter, available)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)?.body.msg).toBe('Insufficient withdrawable commission');
    const ok = [a, b].find((r) => r.status === 200)?.body.data;
    expect(ok).toMatchObject({ amount: available, status: 'pending', account: expect.stringMatching(/^\*+\.com$/) });
    expect(await summary(promoter)).toMatchObject({ available: 0, held: available, withdrawn: 0 });
    expect((await callApi(app(), api.withdrawLists, { token: promoter.token })).body.data.count).toBe(1);
  });

  it('reject returns the held money through the ledger; approve then paid removes it; admin actions are idempotent state transitions', async () => {
    const { promoter, available } = await funded();
    const half = Math.floor(available / 2);
    const first = (await apply(promoter, half)).body.data;
    const second = (await apply(promoter, available - half)).body.data;
    expect(await summary(promoter)).toMatchObject({ available: 0, held: available });

    const rejects = await Promise.all(Array.from({ length: 5 }, () => admin('/admin/withdraw/reject', { id: first.id, reason: 'account name mismatch' })));
    expect(rejects.every((r) => r.status === 200 && r.body.data.status === 'rejected')).toBe(true);
    expect(await summary(promoter)).toMatchObject({ available: half, held: available - half });
    expect((await admin('/admin/withdraw/approve', { id: first.id })).status).toBe(409);
    expect((await admin('/admin/withdraw/paid', { id: second.id })).status).toBe(409);

    const approvals = await Promise.all([admin('/admin/withdraw/approve', { id: second.id }), admin('/admin/withdraw/approve', { id: second.id })]);
    expect(approvals.map((r) => r.status)).toEqual([200, 200]);
    const paid = await Promise.all([admin('/admin/withdraw/paid', { id: second.id }), admin('/admin/withdraw/paid', { id: second.id })]);
    expect(paid.map((r) => r.body.data.status)).toEqual(['paid', 'paid']);
    expect(paid[0]?.body.data.account).toBe('zhangsan@example.com');
    expect((await admin('/admin/withdraw/reject', { id: second.id, reason: 'too late' })).status).toBe(409);
    expect(await summary(promoter)).toMatchObject({ available: half, held: 0, withdrawn: available - half });
    expect((await admin('/admin/withdraw/reject', { id: 999_999, reason: 'x' })).status).toBe(404);
    expect((await admin('/admin/withdraw/reject', { id: second.id, reason: '' })).status).toBe(400);

    const list = (await callApi(app(), api.adminWithdrawals, { token: f.admin.token, query: { user_id: String(promoter.user.id) } })).body.data;
    expect(list.lists.map((w) => w.status)).toEqual(['paid', 'rejected']);
    expect((await callApi(app(), api.adminWithdrawals, { token: promoter.token })).status).toBe(403);
    const history = await f.t.owned.ctx.db.selectFrom('ledger').select(['asset', 'delta', 'reason', 'ref_type', 'ref_id']).where('user_id', '=', promoter.user.id).where('ref_type', '=', 'withdrawal').orderBy('id').execute();
    expect(history.map((h) => `${h.reason}:${h.asset}:${h.delta}`)).toEqual([
      `withdraw_hold:commission:-${half}`,
      `withdraw_hold:commission_held:${half}`,
      `withdraw_hold:commission:-${available - half}`,
      `withdraw_hold:commission_held:${available - half}`,
      `withdraw_rejected:commission_held:-${half}`,
      `withdraw_rejected:commission:${half}`,
      `withdraw_paid:commission_held:-${available - half}`,
    ]);
  });

  it('the admin lists commissions; the poster is an SVG with the QR code of the invitation link', async () => {
    const { promoter } = await f.pair();
    const list = await callApi(app(), api.adminCommissions, { token: f.admin.token, query: { status: 'settled' } });
    expect(list.status).toBe(200);
    expect(list.body.data.lists.every((c) => c.status === 'settled')).toBe(true);
    const { share_id } = await summary(promoter);
    const poster = await app().inject({ method: 'GET', url: `/api/promotion/poster?share_id=${share_id}`, headers: { 'accept-language': 'en' } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toContain('image/svg+xml');
    expect(poster.body).toMatch(/^<\?xml/);
    expect(poster.body).toContain(`share_id=${share_id}`);
    expect(poster.body).toMatch(/<path d="(M[\d.]+ [\d.]+h[\d.]+v[\d.]+h-[\d.]+z){100,}/);
    expect((await app().inject({ method: 'GET', url: '/api/promotion/poster?share_id=nobody' })).statusCode).toBe(404);
  });

  it('an invitation reward set to unlock on the first payment waits for a fulfilled order (not a closed one)', async () => {
    const settings = (await callApi(app(), api.adminPromotionSettings, { token: f.admin.token })).body.data;
    await callApi(app(), api.adminPromotionSettingsSave, { token: f.admin.token, body: { ...settings, invite: { ...settings.invite, enabled: true, unlock: 'first_payment' } } });
    const { promoter, invitee } = await f.pair();
    const before = await f.balance(invitee.user.id, 'conversation_count');
    const pending = (await callApi(app(), api.invite, { token: promoter.token })).body.data;
    expect(pending.rewards_pending).toBe(1);
    const late = await f.order(invitee);
    f.t.clock.advance(31 * 60_000);
    await f.notify({ order_no: late.order_no, paid_amount: late.amount, trade_no: 'LATE2' });
    expect(await f.balance(invitee.user.id, 'conversation_count')).toBe(before);
    await f.pay(invitee);
    const invite = (await callApi(app(), api.invite, { token: promoter.token })).body.data;
    expect(invite).toMatchObject({ rewards_pending: 0, earned: { conversation_count: settings.invite.inviter_reward.conversation_count } });
    const gained = (await f.balance(invitee.user.id, 'conversation_count')) - before;
    expect(gained).toBe(settings.invite.invitee_reward.conversation_count + f.packages[0]!.conversation_count + f.packages[0]!.gift_conversation_count);
    await callApi(app(), api.adminPromotionSettingsSave, { token: f.admin.token, body: settings });
  });

  it('the ledger audit recomputes the commission assets too: clean after all of the above, a tampered hold shows', async () => {
    const audit = await callApi(app(), api.ledgerAudit, { token: f.admin.token });
    expect(audit.body.data.mismatches).toEqual([]);
    const held = await f.t.owned.ctx.db.selectFrom('balances').select(['user_id', 'amount']).where('asset', '=', 'commission_held').where('amount', '>', '0').executeTakeFirstOrThrow();
    await f.t.owned.ctx.db.updateTable('balances').set({ amount: String(Number(held.amount) + 7) }).where('user_id', '=', held.user_id).where('asset', '=', 'commission_held').execute();
    const tampered = await callApi(app(), api.ledgerAudit, { token: f.admin.token });
    expect(tampered.body.data.mismatches).toEqual([{ user_id: held.user_id, asset: 'commission_held', balance: Number(held.amount) + 7, ledger_sum: Number(held.amount) }]);
    await f.t.owned.ctx.db.updateTable('balances').set({ amount: held.amount }).where('user_id', '=', held.user_id).where('asset', '=', 'commission_held').execute();
  });
});
