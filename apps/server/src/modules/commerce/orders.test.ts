import { api, type AdminPackage, type Package } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { SandboxGateway } from './gateways/sandbox.js';
import { CommerceRepository } from './commerce.repository.js';


describe('packages, orders and the sandbox gateway', () => {
  let t: TestApp;
  let admin: { token: string };
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    t = await createTestApp({ PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
    admin = await makeUser(t.app, { role: 'admin' });
    sandbox = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now);
  });
  afterAll(async () => {
    await t.close();
  });

  async function notify(body: { order_no: string; paid_amount: number; trade_no: string }, tamper?: (n: { headers: Record<string, string>; body: string }) => void) {
    const n = sandbox.signNotification(body);
    tamper?.(n);
    const response = await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body });
    return response.statusCode;
  }
  async function recharge(): Promise<Package[]> {
    return (await callApi(t.app, api.rechargePackages, { locale: 'en' })).body.data.lists;
  }
  async function balances(token: string) {
    return (await callApi(t.app, api.info, { token })).body.data.balance;
  }
  async function outcomes(orderNo: string) {
    return new CommerceRepository().outcomes(t.owned.ctx.db, orderNo);
  }

  it('lists the seeded word packages (10/30/100/350/500 thousand words) and memberships, in the request language', async () => {
    const lists = await recharge();
    expect(lists.map((p) => p.word_count)).toEqual([10_000, 30_000, 100_000, 350_000, 500_000]);
    expect(lists.map((p) => p.word_count_wan)).toEqual([1, 3, 10, 35, 50]);
    expect(lists.every((p) => Number.isInteger(p.price) && p.price > 0)).toBe(true);
    expect(lists[0]?.name).toBe('10k words');
    const members = await callApi(t.app, api.memberPackages, { locale: 'zh' });
    expect(members.body.data.lists.length).toBe(4);
    expect(members.body.data.lists[0]).toMatchObject({ level: 'vip', months: 1, name: '月度 VIP' });
  });

  it('answers "membership function is not enabled" when the switches are off', async () => {
    const settings = (await callApi(t.app, api.getSettings, { token: admin.token })).body.data;
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings, member_package_status: false, recharge_package_status: false } });
    const off = await callApi(t.app, api.memberPackages, { locale: 'en' });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('Membership function is not enabled');
    expect((await callApi(t.app, api.rechargePackages)).status).toBe(400);
    const user = await makeUser(t.app);
    const pkg = (await callApi(t.app, api.adminPackages, { token: admin.token, query: { type: 'recharge' } })).body.data.lists[0];
    expect((await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg?.id, kind: 'recharge', gateway: 'sandbox' } })).status).toBe(400);
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings, member_package_status: true, recharge_package_status: true } });
  });

  it('admin creates, edits and takes packages off sale; negative and huge prices are refused', async () => {
    const base = (await callApi(t.app, api.adminPackages, { token: admin.token, query: { type: 'recharge' } })).body.data.lists[0];
    expect(base).toBeDefined();
    const { id: _id, ...input } = base as AdminPackage;
    const created = await callApi(t.app, api.adminPackageSave, { token: admin.token, body: { package: { ...input, price: 123, word_count: 1234 } } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ price: 123, word_count: 1234 });
    for (const price of [-1, 100_000_001, 1.5, 0]) {
      const bad = await callApi(t.app, api.adminPackageSave, { token: admin.token, body: { package: { ...input, price } } });
      expect(bad.status).toBe(400);
    }
    expect((await callApi(t.app, api.adminPackageSave, { token: admin.token, body: { package: { ...input, word_count: -5 } } })).status).toBe(400);
    const off = await callApi(t.app, api.adminPackageSetEnabled, { token: admin.token, body: { id: created.body.data.id, enabled: false } });
    expect(off.status).toBe(200);
    expect((await recharge()).some((p) => p.id === created.body.data.id)).toBe(false);
    const user = await makeUser(t.app);
    const order = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: created.body.data.id, kind: 'recharge', gateway: 'sandbox' } });
    expect(order.status).toBe(404);
    expect((await callApi(t.app, api.adminPackages, { token: (await makeUser(t.app)).token, query: { type: 'member' } })).status).toBe(403);
  });

  it('takes the price from the server only: a price in the request is refused; attribution is copied onto the order', async () => {
    const user = await makeUser(t.app);
    await t.owned.ctx.db.updateTable('users').set({ user_sn: 'sn42', channel: 'baidu' }).where('id', '=', user.user.id).execute();
    const pkg = (await recharge())[2] as Package;
    const tampered = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox', price: 1, amount: 1 } });
    expect(tampered.status).toBe(400);
    expect((await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'member', gateway: 'sandbox' } })).status).toBe(404);
    const created = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ amount: pkg.price, status: 'created', code_url: null });
    const row = await t.owned.ctx.db.selectFrom('orders').selectAll().where('order_no', '=', created.body.data.order_no).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_sn: 'sn42', channel: 'baidu', amount: pkg.price });
    const other = await makeUser(t.app);
    expect((await callApi(t.app, api.orderDetail, { token: other.token, query: { order_no: created.body.data.order_no } })).status).toBe(404);
  });

  it('pays through the hosted sandbox checkout: signed asynchronous notification, balance rises once', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.token);
    const pkg = (await recharge())[0] as Package;
    const created = await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } });
    const payUrl = new URL(created.body.data.pay_url ?? '');
    const checkout = await t.app.inject({ method: 'GET', url: `${payUrl.pathname}${payUrl.search}` });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-type']).toContain('text/html');
    expect(checkout.body).toContain('¥9.90');
    expect(checkout.body).toContain('value="pay"');
    const forged = await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/checkout?order_no=${created.body.data.order_no}&sig=${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(403);
    const form = new URLSearchParams({ order_no: created.body.data.order_no, sig: payUrl.searchParams.get('sig') ?? '', action: 'pay' }).toString();
    const submit = await t.app.inject({ method: 'POST', url: '/api/pay/sandbox/submit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(submit.statusCode).toBe(200);
    let status = '';
    for (let i = 0; i < 100 && status !== 'fulfilled'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: created.body.data.order_no } })).body.data.status;
    }
    expect(status).toBe('fulfilled');
    expect((await balances(user.token)).word_count).toBe(before.word_count + 10_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/pay/sandbox/submit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(again.statusCode).toBe(409);
    const list = await callApi(t.app, api.orderLists, { token: user.token });
    expect(list.body.data.count).toBe(1);
  });

  it('a notification replayed 100 times (concurrently) fulfils once; forged, altered and wrong-amount ones are logged and not fulfilled', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.token);
    const pkg = (await recharge())[1] as Package;
    const order = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;

    expect(await notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'T1' }, (n) => (n.headers['x-sandbox-signature'] = 'f'.repeat(64)))).toBe(400);
    expect(await notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'T1' }, (n) => (n.body = n.body.replace(String(order.amount), '1')))).toBe(400);
    expect(await notify({ order_no: order.order_no, paid_amount: order.amount - 1, trade_no: 'T1' })).toBe(200);
    expect((await balances(user.token)).word_count).toBe(before.word_count);
    expect((await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: order.order_no } })).body.data.status).toBe('created');

    const statuses = await Promise.all(Array.from({ length: 100 }, () => notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'T2' })));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await balances(user.token)).word_count).toBe(before.word_count + 30_000);
    expect(await outcomes(order.order_no)).toEqual({ amount_mismatch: 1, fulfilled: 1, duplicate: 99 });
    const rejected = await t.owned.ctx.db.selectFrom('payment_notifications').select('detail').where('outcome', '=', 'rejected').execute();
    expect(rejected.filter((r) => r.detail.startsWith('bad signature')).length).toBe(2);
    const ledgerRows = await t.owned.ctx.db.selectFrom('ledger').select('id').where('ref_id', '=', order.order_no).execute();
    expect(ledgerRows.length).toBe(1);
  });

  it('an order paid after it closed (timeout or cancel) is recorded paid_after_close and not fulfilled', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.token);
    const pkg = (await recharge())[0] as Package;
    const a = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    const b = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    const sig = new URL(b.pay_url ?? '').searchParams.get('sig') ?? '';
    await t.app.inject({ method: 'POST', url: '/api/pay/sandbox/submit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ order_no: b.order_no, sig, action: 'cancel' }).toString() });
    expect((await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: b.order_no } })).body.data.status).toBe('closed');
    t.clock.advance(31 * 60_000);
    expect((await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: a.order_no } })).body.data.status).toBe('closed');
    expect(await notify({ order_no: a.order_no, paid_amount: a.amount, trade_no: 'LATE1' })).toBe(200);
    expect(await notify({ order_no: b.order_no, paid_amount: b.amount, trade_no: 'LATE2' })).toBe(200);
    expect((await balances(user.token)).word_count).toBe(before.word_count);
    expect((await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: a.order_no } })).body.data.status).toBe('paid_after_close');
    expect(await outcomes(b.order_no)).toEqual({ paid_after_close: 1 });
  });

  it('continue paying and cancel: only the owner, only while unpaid; a cancelled order is not fulfilled by a later payment', async () => {
    const user = await makeUser(t.app);
    const other = await makeUser(t.app);
    const pkg = (await recharge())[0] as Package;
    const order = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    const pay = (token: string, orderNo = order.order_no) => callApi(t.app, api.orderPay, { token, locale: 'en', body: { order_no: orderNo } });
    const cancel = (token: string, orderNo = order.order_no) => callApi(t.app, api.orderCancel, { token, locale: 'en', body: { order_no: orderNo } });

    const resumed = await pay(user.token);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ order_no: order.order_no, status: 'created', amount: order.amount });
    expect(resumed.body.data.pay_url).toBe(order.pay_url?.replace('lang=zh', 'lang=en'));
    for (const call of [pay, cancel]) {
      expect((await call(other.token)).status).toBe(404);
      expect((await call(user.token, 'XB0000')).status).toBe(404);
    }
    expect((await callApi(t.app, api.orderCancel, { body: { order_no: order.order_no } })).status).toBe(401);

    const cancelled = await cancel(user.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ msg: 'Order cancelled', data: { status: 'closed' } });
    expect((await cancel(user.token)).status).toBe(200);
    expect((await pay(user.token)).body.msg).toBe('This order is closed; please place a new one');
    expect(await notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: 'AFTER-CANCEL' })).toBe(200);
    expect((await callApi(t.app, api.orderDetail, { token: user.token, query: { order_no: order.order_no } })).body.data.status).toBe('paid_after_close');

    const paid = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data;
    expect(await notify({ order_no: paid.order_no, paid_amount: paid.amount, trade_no: 'PAID' })).toBe(200);
    for (const call of [pay, cancel]) {
      const refused = await call(user.token, paid.order_no);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This order has already been paid');
    }
  });

  it('a membership package grants the membership and its gifts; buying again extends it', async () => {
    const user = await makeUser(t.app);
    const before = await balances(user.token);
    const monthly = (await callApi(t.app, api.memberPackages)).body.data.lists[0] as Package;
    for (let i = 0; i < 2; i += 1) {
      const order = (await callApi(t.app, api.createOrder, { token: user.token, body: { package_id: monthly.id, kind: 'member', gateway: 'sandbox' } })).body.data;
      expect(await notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: `M${i}` })).toBe(200);
    }
    const info = (await callApi(t.app, api.info, { token: user.token })).body.data;
    expect(info).toMatchObject({ is_member: 1, member_level: 'vip' });
    const days = (new Date(info.memberships[0]?.expires_at ?? 0).getTime() - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(55);
    expect(info.balance.conversation_count).toBe(before.conversation_count + 2 * monthly.gift_conversation_count);
  });

  it('the ledger audit finds no mismatch', async () => {
    const audit = await callApi(t.app, api.ledgerAudit, { token: admin.token });
    expect(audit.body.data.mismatches).toEqual([]);
  });
});
