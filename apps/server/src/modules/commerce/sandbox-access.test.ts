import { api, type Package } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { WECHAT_PLACEHOLDERS } from '../../test/pay-fixture.js';
import { SandboxGateway } from './gateways/sandbox.js';
import { REFUSED_LOG_LIMITS } from './refused-log.js';


describe('the sandbox beside a real provider, and refused notifications under a flood', () => {
  let t: TestApp;
  let admin: { token: string; user: { id: number } };
  let user: { token: string };
  let sandbox: SandboxGateway;
  let pkg: Package;
  beforeAll(async () => {
    t = await createTestApp({ ...WECHAT_PLACEHOLDERS, PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
    admin = await makeUser(t.app, { role: 'admin' });
    user = await makeUser(t.app);
    sandbox = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now);
    pkg = (await callApi(t.app, api.memberPackages)).body.data.lists[0] as Package;
  });
  afterAll(async () => {
    await t.close();
  });

  const offered = async (token?: string) => (await callApi(t.app, api.config, { token })).body.data.pay_gateways;
  const buy = (token: string, locale = 'zh') => callApi(t.app, api.createOrder, { token, locale, body: { package_id: pkg.id, kind: 'member', gateway: 'sandbox' } });
  const setSandboxForAdmins = async (on: boolean) => {
    const settings = (await callApi(t.app, api.getSettings, { token: admin.token })).body.data;
    expect((await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings, pay_sandbox_admins: on } })).status).toBe(200);
  };
  const notify = async (order: { order_no: string; amount: number }, remoteAddress = '198.51.100.1') => {
    const n = sandbox.signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: `T${order.order_no}` });
    return (await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body, remoteAddress })).statusCode;
  };
  const status = async (token: string, orderNo: string) => (await callApi(t.app, api.orderDetail, { token, query: { order_no: orderNo } })).body.data.status;

  it('serves nobody until the admin setting, then admin accounts only: offered, ordered, paid; the order says sandbox', async () => {
    expect(await offered()).toEqual(['wechat']);
    expect(await offered(user.token)).toEqual(['wechat']);
    expect(await offered(admin.token)).toEqual(['wechat']);
    expect((await buy(user.token)).status).toBe(400);
    expect((await buy(admin.token)).status).toBe(400);

    await setSandboxForAdmins(true);
    expect(await offered()).toEqual(['wechat']);
    expect(await offered(user.token)).toEqual(['wechat']);
    expect(await offered(admin.token)).toEqual(['wechat', 'sandbox']);
    expect((await buy(user.token)).status).toBe(400);

    const order = (await buy(admin.token, 'ko')).body.data;
    const payUrl = new URL(order.pay_url ?? '');
    expect(payUrl.searchParams.get('lang')).toBe('ko');
    // The page speaks the order's language whatever the browser sends, and says first that no money moves.
    const page = await t.app.inject({ method: 'GET', url: `${payUrl.pathname}${payUrl.search}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ko">');
    expect(page.body).toContain('테스트 결제입니다. 요금이 청구되지 않으며 돈은 전혀 이동하지 않습니다.');
    expect(page.body).toContain('결제 시뮬레이션');
    expect(await notify(order)).toBe(200);
    expect(await status(admin.token, order.order_no)).toBe('fulfilled');
    const listed = (await callApi(t.app, api.adminOrders, { token: admin.token, query: { order_no: order.order_no } })).body.data.lists;
    expect(listed.map((o) => o.gateway)).toEqual(['sandbox']);
  });

  it('a sandbox order whose account the sandbox no longer serves is neither paid nor shown a checkout', async () => {
    const order = (await buy(admin.token, 'en')).body.data;
    await setSandboxForAdmins(false);
    expect(await notify(order)).toBe(400);
    expect(await status(admin.token, order.order_no)).toBe('created');
    const payUrl = new URL(order.pay_url ?? '');
    const page = await t.app.inject({ method: 'GET', url: `${payUrl.pathname}${payUrl.search}` });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This payment method is not available');
    const resumed = await callApi(t.app, api.orderPay, { token: admin.token, locale: 'en', body: { order_no: order.order_no } });
    expect(resumed.status).toBe(400);
    expect(resumed.body.msg).toBe('This payment method is not available');

    // Nor once the setting is back, for an account that is no longer an admin.
    await setSandboxForAdmins(true);
    await t.owned.ctx.db.updateTable('users').set({ role: 'user' }).where('id', '=', admin.user.id).execute();
    expect(await notify(order)).toBe(400);
    await t.owned.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.user.id).execute();
    expect(await notify(order)).toBe(200);
    expect(await status(admin.token, order.order_no)).toBe('fulfilled');
  });

  it('a flood of forged notifications writes a bounded log and is answered 429; a genuine notification is still accepted', async () => {
    const { perAddress, perGateway } = REFUSED_LOG_LIMITS;
    const order = (await buy(admin.token)).body.data;
    const rejectedRows = async (gateway: string) =>
      Number((await t.owned.ctx.db.selectFrom('payment_notifications').select((eb) => eb.fn.countAll<string>().as('n')).where('gateway', '=', gateway).where('outcome', '=', 'rejected').where('order_no', 'is', null).executeTakeFirstOrThrow()).n);
    const forged = async (remoteAddress: string, gateway = 'sandbox') => {
      const n = sandbox.signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'FORGED' });
      const response = await t.app.inject({ method: 'POST', url: `/api/pay/notify/${gateway}`, headers: { ...n.headers, 'x-sandbox-signature': 'e'.repeat(64) }, payload: n.body, remoteAddress });
      return response.statusCode;
    };

    const one = await Promise.all(Array.from({ length: perAddress + 30 }, () => forged('203.0.113.7')));
    expect(one.filter((s) => s === 400)).toHaveLength(perAddress);
    expect(one.filter((s) => s === 429)).toHaveLength(30);
    expect(await rejectedRows('sandbox')).toBe(perAddress + 1);

    // From many addresses: the gateway's budget caps the log (and the counters) whatever the number of senders.
    const many = await Promise.all(Array.from({ length: 2 * perGateway }, (_, i) => forged(`203.0.113.${100 + (i % 100)}`)));
    expect(many.filter((s) => s === 429).length).toBeGreaterThan(perGateway - perAddress);
    // What the first flood left of the gateway's budget, then the one row that says the log is capped.
    expect(await rejectedRows('sandbox')).toBe(perAddress + 1 + (perGateway - (perAddress + 30)) + 1);
    const counters = await t.owned.ctx.db.selectFrom('rate_limits').select('key').where('key', 'like', 'pay-notify:sandbox%').execute();
    expect(counters.length).toBeLessThanOrEqual(perGateway + 1);

    // A made-up gateway name is refused the same way, under its own budget.
    const unknown = await Promise.all(Array.from({ length: perAddress + 5 }, (_, i) => forged('203.0.113.7', `pay${i}`)));
    expect(unknown.every((s) => s === 404)).toBe(true);
    expect(await rejectedRows('unknown')).toBe(perAddress + 1);

    // The provider's genuine notification, even from the flooding address, is applied and logged.
    expect(await notify(order, '203.0.113.7')).toBe(200);
    expect(await status(admin.token, order.order_no)).toBe('fulfilled');
    const applied = await t.owned.ctx.db.selectFrom('payment_notifications').select('outcome').where('order_no', '=', order.order_no).execute();
    expect(applied.map((r) => r.outcome)).toEqual(['fulfilled']);
  });
});
