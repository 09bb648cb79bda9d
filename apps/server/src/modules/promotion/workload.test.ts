import { api, type Order } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, callApi } from '../../test/helpers.js';
import { promoFixture, type PromoFixture, type User } from '../../test/promo-fixture.js';

/** Small seeded PRNG (mulberry32) so a failing run can be replayed with its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('randomized concurrent workload over redemptions, payments, withdrawals, reviews and tasks', () => {
  let f: PromoFixture;
  beforeAll(async () => {
    f = await promoFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('leaves every balance explained by the ledger and every commission, hold and task count consistent', async () => {
    const seed = Number(process.env.WORKLOAD_SEED ?? Date.now() % 1_000_000);
    const random = rng(seed);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const app = f.t.app;
    await f.setDistribution({ enabled: true, commission_bp: 2500, pending_days: 0, min_withdraw: 100 });

    const pairs = await Promise.all(Array.from({ length: 4 }, () => f.pair()));
    const promoters = pairs.map((p) => p.promoter);
    const invitees = pairs.map((p) => p.invitee);
    const everyone: User[] = [...promoters, ...invitees];
    // Every invitee pays once up front, so promoters have commission to withdraw from the start.
    await Promise.all(invitees.map((u) => f.pay(u, f.packages[2])));

    const batch = await callApi(app, api.adminRedeemBatch, { token: f.admin.token, body: { count: 3, uses_per_code: 2, one_per_user: true, grant: { word_count: 777 } } });
    const codes = batch.body.data.codes;
    const orders: Order[] = [];
    const withdrawals: number[] = [];
    let ip = 0;

    const actions: (() => Promise<unknown>)[] = [
      // Redemptions from different addresses (the per-IP guessing limit is not what this tests).
      async () => {
        const user = pick(everyone);
        ip += 1;
        return app.inject({ method: 'POST', url: '/api/redeem/use', remoteAddress: `10.1.${ip % 250}.${(ip >> 8) % 250}`, headers: { 'content-type': 'application/json', token: user.token }, payload: JSON.stringify({ code: pick(codes) }) });
      },
      // A new order; notifications: exact, replayed, wrong amount, forged, or none (it will close).
      async () => {
        const order = await f.order(pick(invitees), pick(f.packages));
        orders.push(order);
      },
      async () => {
        if (orders.length === 0) return;
        const order = pick(orders);
        const kind = random();
        if (kind < 0.5) return Promise.all([1, 2, 3].map(() => f.notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: `W${order.order_no}` })));
        if (kind < 0.75) return f.notify({ order_no: order.order_no, paid_amount: order.amount + 1, trade_no: `X${order.order_no}` });
        return f.notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'FORGED' }, (n) => (n.body = n.body.replace('"trade_no":"FORGED"', '"trade_no":"F0RGED"')));
      },
      // Withdrawals of random amounts (some too large, some the whole balance).
      async () => {
        const promoter = pick(promoters);
        const s = (await callApi(app, api.promotionSummary, { token: promoter.token })).body.data;
        const amount = random() < 0.3 ? s.available : 100 + Math.floor(random() * Math.max(1, s.available));
        const r = await callApi(app, api.withdrawApply, { token: promoter.token, body: { amount, method: 'bank', name: 'Li', account: '6222020000000000' } });
        if (r.status === 200) withdrawals.push(r.body.data.id);
        else expect(r.body.msg === '可提现佣金不足' || amount < 100 || amount > 100_000_000, JSON.stringify(r.body)).toBe(true);
      },
      // Reviews, repeated and racing.
      async () => {
        if (withdrawals.length === 0) return;
        const id = pick(withdrawals);
        const path = pick(['/admin/withdraw/approve', '/admin/withdraw/reject', '/admin/withdraw/paid']);
        return Promise.all([1, 2].map(() => call(app, 'POST', path, { token: f.admin.token, body: { id, reason: 'random review' } })));
      },
      // Task claims and events.
      async () => callApi(app, api.taskSignin, { token: pick(everyone).token }),
      async () => app.services.tasks.record(pick(everyone).user.id, pick(['share', 'chat', 'template'] as const)),
      // Time passes (orders close, days roll over).
      async () => f.t.clock.advance(Math.floor(random() * 4 * 60_000)),
    ];

    // A fixed start so the random part always has holds to review: each promoter asks for a part of their balance.
    for (const promoter of promoters) {
      const r = await callApi(app, api.withdrawApply, { token: promoter.token, body: { amount: 100, method: 'alipay', name: 'Wang', account: 'w@example.com' } });
      expect(r.status).toBe(200);
      withdrawals.push(r.body.data.id);
    }
    for (let round = 0; round < 15; round += 1) {
      await Promise.all(Array.from({ length: 10 }, () => pick(actions)()));
    }
    const statuses = await f.t.owned.ctx.db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    const reviews = await f.t.owned.ctx.db.selectFrom('withdrawals').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
    console.warn(`workload seed ${seed}: orders ${JSON.stringify(statuses)}, withdrawals ${JSON.stringify(reviews)}`);
    // Settle anything due, then check.
    await app.services.promotion.distribution.settleDue(null);

    const audit = await callApi(app, api.ledgerAudit, { token: f.admin.token });
    expect(audit.body.data.mismatches, `seed ${seed}`).toEqual([]);

    const db = f.t.owned.ctx.db;
    // One commission per fulfilled order of an invitee, never one for an order that was not fulfilled.
    const bad = await sql<{ n: string }>`
      SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id
      LEFT JOIN commissions c ON c.order_id = o.id
      WHERE (o.status = 'fulfilled' AND u.inviter_id IS NOT NULL AND c.id IS NULL) OR (o.status <> 'fulfilled' AND c.id IS NOT NULL)`.execute(db);
    expect(Number(bad.rows[0]?.n), `seed ${seed}`).toBe(0);
    for (const promoter of promoters) {
      const id = promoter.user.id;
      const settled = await db.selectFrom('commissions').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('s')).where('promoter_id', '=', id).where('status', '=', 'settled').executeTakeFirstOrThrow();
      const byStatus = await db.selectFrom('withdrawals').select(['status', (eb) => eb.fn.sum<string>('amount').as('s')]).where('user_id', '=', id).groupBy('status').execute();
      const sum = (statuses: string[]) => byStatus.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + Number(r.s), 0);
      const available = await f.balance(id, 'commission');
      const held = await f.balance(id, 'commission_held');
      expect(held, `seed ${seed}`).toBe(sum(['pending', 'approved']));
      expect(available + held + sum(['paid']), `seed ${seed}`).toBe(Number(settled.s));
    }
    // No task was rewarded past its daily limit.
    const over = await sql<{ n: string }>`SELECT count(*) AS n FROM task_progress p JOIN tasks t ON t.id = p.task_id WHERE p.done > t.daily_limit`.execute(db);
    expect(Number(over.rows[0]?.n)).toBe(0);
    const taskRows = await sql<{ n: string; done: string }>`
      SELECT (SELECT count(*) FROM ledger WHERE ref_type = 'task') AS n,
             (SELECT coalesce(sum(p.done * ((t.reward->>'conversation_count')::int > 0)::int + p.done * ((t.reward->>'word_count')::int > 0)::int + p.done * ((t.reward->>'drawing_count')::int > 0)::int), 0)
                FROM task_progress p JOIN tasks t ON t.id = p.task_id) AS done`.execute(db);
    expect(Number(taskRows.rows[0]?.n)).toBe(Number(taskRows.rows[0]?.done));
    // A code of two uses was never used more than twice.
    const codesUsed = await db.selectFrom('redeem_codes').select(['uses', 'uses_per_code']).execute();
    expect(codesUsed.every((c) => c.uses <= c.uses_per_code)).toBe(true);
  });
});
