import { api, type Order, type Package } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, ON_POSTGRES, type TestApp, callApi } from '../../test/helpers.js';
import { SandboxGateway } from './gateways/sandbox.js';

type User = Awaited<ReturnType<typeof makeUser>>;
const DAY = 86_400_000;

describe(`admin refund takes back what the order granted (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let admin: User;
  let sandbox: SandboxGateway;
  let words: Package;
  let monthly: Package;
  let quarterly: Package;
  let permanent: Package;

  beforeAll(async () => {
    t = await createTestApp({ PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
    admin = await makeUser(t.app, { role: 'admin' });
    sandbox = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now);
    words = (await callApi(t.app, api.rechargePackages)).body.data.lists.find((p) => p.word_count === 100_000)!;
    const members = (await callApi(t.app, api.memberPackages, { query: { kind: 'academic_ai' } })).body.data.lists;
    monthly = members.find((p) => p.months === 1)!;
    quarterly = members.find((p) => p.months === 3)!;
    permanent = members.find((p) => p.months === 0)!;
  });
  afterAll(async () => {
    await t.close();
  });

  async function pay(user: User, pkg: Package): Promise<Order> {
    const created = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: pkg.type, gateway: 'sandbox' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const n = sandbox.signNotification({ order_no: created.body.data.order_no, paid_amount: created.body.data.amount, trade_no: `T${created.body.data.order_no}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })).statusCode).toBe(200);
    return created.body.data;
  }
  async function refund(orderNo: string, reason = 'customer asked') {
    return callApi(t.app, api.adminOrderRefund, { token: admin.token, body: { order_no: orderNo, reason } });
  }
  const balances = (id: number) => t.app.services.ledger.balances(id);
  const membership = (id: number) => t.owned.ctx.db.selectFrom('memberships').selectAll().where('user_id', '=', id).where('kind', '=', 'academic_ai').executeTakeFirstOrThrow();
  const grantOf = (orderNo: string) => t.owned.ctx.db.selectFrom('membership_grants').selectAll().where('source', '=', 'order').where('ref', '=', orderNo).executeTakeFirstOrThrow();
  const refundRows = (orderNo: string) => t.owned.ctx.db.selectFrom('ledger').selectAll().where('reason', '=', 'refund').where('ref_id', '=', orderNo).orderBy('id').execute();
  const info = async (user: User) => (await callApi(t.app, api.info, { token: user.token })).body.data;

  it('takes back every balance the order granted, in full, through the ledger', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.user.id);
    const order = await pay(user, words);
    expect((await balances(user.user.id)).word_count).toBe(before.word_count! + 100_000);

    const refunded = await refund(order.order_no);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', clawback: { assets: [{ asset: 'word_count', granted: 100_000, taken: 100_000, shortfall: 0 }], membership: null } });
    expect(await balances(user.user.id)).toEqual(before);
    const rows = await refundRows(order.order_no);
    expect(rows.map((r) => [r.asset, Number(r.delta), r.idempotency_key, r.actor_id])).toEqual([['word_count', -100_000, `refund:${order.order_no}:word_count`, admin.user.id]]);
    // The user's cached info shows the balance at once.
    expect((await info(user)).balance.word_count).toBe(before.word_count);

    // The admin orders list carries the refund and what it took back.
    const listed = await callApi(t.app, api.adminOrders, {
      token: admin.token,
      query: { order_no: order.order_no },
    });
    expect(listed.body.data.lists[0]).toMatchObject({ status: 'refunded', refund: { reason: 'customer asked', clawback: refunded.body.data.clawback } });
  });

  it('takes what is left of a spent balance and records the shortfall per asset; balances never go negative', async () => {
    const user = await makeUser(t.app);
    const order = await pay(user, monthly);
    const granted = { conversation_count: monthly.conversation_count + monthly.gift_conversation_count, drawing_count: monthly.drawing_count + monthly.gift_drawing_count };
    const have = await balances(user.user.id);
    // The user spends all their conversations but 7 and none of their drawings.
    const spend = have.conversation_count! - 7;
    const spent = await callApi(t.app, api.adjustBalance, { token: admin.token, body: { user_id: user.user.id, asset: 'conversation_count', delta: -spend, reason: 'spent', idempotency_key: `spend-conversations-${user.user.id}` } });
    expect(spent.status).toBe(200);

    const refunded = await refund(order.order_no);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data.clawback!.assets).toEqual([
      { asset: 'conversation_count', granted: granted.conversation_count, taken: 7, shortfall: granted.conversation_count - 7 },
      { asset: 'drawing_count', granted: granted.drawing_count, taken: granted.drawing_count, shortfall: 0 },
    ]);
    const after = await balances(user.user.id);
    expect(after.conversation_count).toBe(0);
    expect(after.drawing_count).toBe(have.drawing_count! - granted.drawing_count);
  });

  it('shortens the membership by what this order added; the other order keeps all its time; the last refund ends it', async () => {
    const user = await makeUser(t.app);
    const first = await pay(user, monthly);
    const second = await pay(user, quarterly);
    const a = await grantOf(first.order_no);
    const b = await grantOf(second.order_no);
    // The quarter was stacked on the month: it starts where the month ends.
    expect(b.starts_at.getTime()).toBe(a.ends_at!.getTime());
    const quarterLength = b.ends_at!.getTime() - b.starts_at.getTime();
    const before = await membership(user.user.id);
    expect(before.expires_at!.getTime()).toBe(b.ends_at!.getTime());

    t.clock.advance(2 * DAY);
    const refundedAt = t.clock.now().getTime();
    const refunded = await refund(first.order_no);
    const m = refunded.body.data.clawback!.membership!;
    expect(m).toMatchObject({ kind: 'academic_ai', recorded: true, level_before: 'vip', level_after: 'vip', expires_before: before.expires_at!.toISOString() });
    // Two days of the month had passed: they are used, the rest is taken off.
    expect(m.used_ms).toBeGreaterThanOrEqual(2 * DAY);
    expect(m.used_ms! + m.removed_ms!).toBe(a.ends_at!.getTime() - a.starts_at.getTime());
    const after = await membership(user.user.id);
    expect(after.expires_at!.toISOString()).toBe(m.expires_after);
    expect(after.expires_at!.getTime()).toBe(before.expires_at!.getTime() - m.removed_ms!);
    // The quarter moved up and kept its whole length, starting about now.
    const moved = await grantOf(second.order_no);
    expect(moved.ends_at!.getTime() - moved.starts_at.getTime()).toBe(quarterLength);
    expect(moved.ends_at!.getTime()).toBe(after.expires_at!.getTime());
    expect(Math.abs(moved.starts_at.getTime() - refundedAt)).toBeLessThan(60_000);
    expect((await info(user)).is_member).toBe(1);

    const last = await refund(second.order_no);
    // The quarter had just started (moved up to the first refund): what passed since is used, the rest removed.
    const q = last.body.data.clawback!.membership!;
    expect(q.removed_ms! + q.used_ms).toBe(quarterLength);
    expect(q.used_ms).toBeLessThan(60_000);
    const ended = await membership(user.user.id);
    expect(ended.expires_at!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await info(user)).is_member).toBe(0);
  });

  it('takes back a permanent B-VIP: back to the VIP time and level the user had, and a month bought on top of it counts again', async () => {
    const user = await makeUser(t.app);
    const vip = await pay(user, monthly);
    const vipEnds = (await membership(user.user.id)).expires_at!;
    const bvip = await pay(user, permanent);
    const onTop = await pay(user, monthly);
    expect(await membership(user.user.id)).toMatchObject({ level: 'bvip', expires_at: null });
    expect(await grantOf(onTop.order_no)).toMatchObject({ absorbed: true, ends_at: null });

    const refunded = await refund(bvip.order_no);
    expect(refunded.body.data.clawback!.membership).toMatchObject({ level_before: 'bvip', level_after: 'vip', expires_before: null, removed_ms: null });
    const after = await membership(user.user.id);
    expect(after.level).toBe('vip');
    // The absorbed month is a month again, from the end of the first one.
    expect(after.expires_at!.toISOString()).toBe((await grantOf(onTop.order_no)).ends_at!.toISOString());
    expect((await grantOf(onTop.order_no)).starts_at.toISOString()).toBe(vipEnds.toISOString());
    expect(after.expires_at!.getTime()).toBeGreaterThan(vipEnds.getTime() + 27 * DAY);
    expect((await refund(vip.order_no)).status).toBe(200);
  });

  it('a refund after the membership lapsed and was bought again leaves the new time alone', async () => {
    const user = await makeUser(t.app);
    const old = await pay(user, monthly);
    t.clock.advance(40 * DAY);
    await pay(user, quarterly);
    const before = await membership(user.user.id);
    const refunded = await refund(old.order_no);
    const m = refunded.body.data.clawback!.membership!;
    expect(m.removed_ms).toBe(0);
    expect(m.used_ms).toBeGreaterThan(27 * DAY);
    expect((await membership(user.user.id)).expires_at!.toISOString()).toBe(before.expires_at!.toISOString());
  });

  it('a second refund changes nothing and answers the same clawback', async () => {
    const user = await makeUser(t.app);
    const order = await pay(user, monthly);
    const first = await refund(order.order_no);
    const state = { balances: await balances(user.user.id), membership: await membership(user.user.id), rows: (await refundRows(order.order_no)).length };
    const second = await refund(order.order_no, 'clicked again');
    expect(second.status).toBe(200);
    expect(second.body.data.clawback).toEqual(first.body.data.clawback);
    expect(await balances(user.user.id)).toEqual(state.balances);
    expect(await membership(user.user.id)).toEqual(state.membership);
    expect((await refundRows(order.order_no)).length).toBe(state.rows);
    const row = await t.owned.ctx.db.selectFrom('orders').select(['status', 'refund_reason']).where('order_no', '=', order.order_no).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refunded', refund_reason: 'customer asked' });
    // Only a fulfilled order can be refunded.
    const unpaid = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: words.id, kind: 'recharge', gateway: 'sandbox' } });
    expect((await refund(unpaid.body.data.order_no)).status).toBe(409);
    expect((await refund('XB-NO-SUCH-ORDER')).status).toBe(404);
    expect((await callApi(t.app, api.adminOrderRefund, { token: user.token, body: { order_no: order.order_no, reason: 'x' } })).status).toBe(403);
  });

  it('refunds of one order racing each other take back once', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.user.id);
    const order = await pay(user, monthly);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refund(order.order_no, `race ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    // One of them took back; the others waited on the order's lock and answer what it stored.
    for (const answer of answers) expect(answer.body.data.clawback).toEqual(answers[0]!.body.data.clawback);
    expect((await refundRows(order.order_no)).map((r) => r.asset).sort()).toEqual(['conversation_count', 'drawing_count']);
    expect(await balances(user.user.id)).toEqual(before);
    expect((await grantOf(order.order_no)).revoked_at).not.toBeNull();
  });

  it('leaves the ledger audit clean', async () => {
    const audit = await callApi(t.app, api.ledgerAudit, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body.data.mismatches).toEqual([]);
  });
});
