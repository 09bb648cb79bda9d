import { api } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxGateway } from '../commerce/gateways/sandbox.js';
import { createTwoApps, makeUser, ON_POSTGRES, type TestApp, callApi } from '../../test/helpers.js';

/** The guarantees hold across processes, not only inside one: two complete apps on one PostgreSQL database. */
describe.skipIf(!ON_POSTGRES)('promotion across two app processes on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof createTwoApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await createTwoApps({ PAY_SANDBOX: '1' });
    ({ a, b } = two);
  });
  afterAll(async () => {
    await two?.close();
  });

  it('withdrawals for the whole balance on both apps at once: one held; sign-in claims on both: one paid; settlement on both: once', async () => {
    const promoter = await makeUser(a.app);
    // Settled commission for the promoter, written as the settlement would (the ledger is the only writer).
    await a.app.services.ledger.apply([{ userId: promoter.user.id, asset: 'commission', delta: 5_000, reason: 'commission_settled', refType: 'test', idempotencyKey: `test:${promoter.user.id}` }]);
    const body = { amount: 5_000, method: 'wechat', name: 'Zhao', account: 'wx-zhao' };
    const results = await Promise.all([a, b, a, b].map((app) => callApi(app.app, api.withdrawApply, { token: promoter.token, body })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const summary = (await callApi(b.app, api.promotionSummary, { token: promoter.token })).body.data;
    expect(summary).toMatchObject({ available: 0, held: 5_000 });

    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => callApi((i % 2 ? a : b).app, api.taskSignin, { token: promoter.token })));
    expect(claims.filter((r) => r.status === 200)).toHaveLength(1);

    // A commission due on both apps at once settles once.
    const admin = await makeUser(a.app, { role: 'admin' });
    const settings = (await callApi(a.app, api.adminPromotionSettings, { token: admin.token })).body.data;
    await callApi(a.app, api.adminPromotionSettingsSave, { token: admin.token, body: { ...settings, distribution: { ...settings.distribution, pending_days: 1 } } });
    const invitee = await makeUser(a.app);
    const { share_id } = (await callApi(a.app, api.invite, { token: promoter.token })).body.data;
    await callApi(b.app, api.bind, { token: invitee.token, body: { share_id } });
    const pkg = (await callApi(a.app, api.rechargePackages)).body.data.lists[0];
    const order = (await callApi(a.app, api.createOrder, { token: invitee.token, body: { package_id: pkg?.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    const n = new SandboxGateway('test-secret-0123456789', '/api', a.clock.now).signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'TWO' });
    await Promise.all([a, b].map((app) => app.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })));
    for (const app of [a, b]) app.clock.advance(86_400_000 + 1000);
    const settled = await Promise.all([a, b, a, b].map((app) => app.app.services.promotion.distribution.settleDue(null)));
    expect(settled.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await a.app.services.ledger.balances(promoter.user.id)).commission).toBe(Math.floor((order.amount * settings.distribution.commission_bp) / 10_000));

    const audit = await callApi(a.app, api.ledgerAudit, { token: admin.token });
    expect(audit.body.data.mismatches).toEqual([]);
  });
});
