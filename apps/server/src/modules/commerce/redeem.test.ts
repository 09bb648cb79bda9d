import { api, type Package } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { CODE_ALPHABET, REDEEM_LIMIT_PER_USER } from './redeem.service.js';
import { SandboxGateway } from './gateways/sandbox.js';

describe('redeem codes', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp({ PAY_SANDBOX: '1' });
    admin = await makeUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function batch(body: Record<string, unknown>) {
    return callApi(t.app, api.adminRedeemBatch, { token: admin.token, body });
  }
  async function redeemFrom(ip: string, token: string, code: string) {
    return callApi(t.app, api.redeemUse, { remoteAddress: ip, token, locale: 'en', body: { code } });
  }
  async function words(token: string) {
    return (await callApi(t.app, api.info, { token })).body.data.balance.word_count;
  }
  async function singleUseCodes(count: number, grant: Record<string, number> = { word_count: 5000 }) {
    const created = await batch({ count, uses_per_code: 1, one_per_user: true, grant });
    expect(created.status).toBe(200);
    return created.body.data;
  }

  it('generates a batch of distinct codes from the unambiguous alphabet', async () => {
    const { codes } = await singleUseCodes(3);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
  });

  it('redeems a code typed in lower case with dashes and grants its balance', async () => {
    const [code] = (await singleUseCodes(1)).codes as [string];
    const user = await makeUser(t.app);
    const before = await words(user.token);
    const ok = await redeemFrom('10.1.0.1', user.token, code.toLowerCase().replace(/(.{4})/g, '$1-'));
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe('Redeemed successfully');
    expect(await words(user.token)).toBe(before + 5000);
  });

  it('redeems a single-use code once: the next user is told it was used and gains nothing', async () => {
    const [code] = (await singleUseCodes(1)).codes as [string];
    expect((await redeemFrom('10.1.0.2', (await makeUser(t.app)).token, code)).status).toBe(200);
    const second = await makeUser(t.app);
    const before = await words(second.token);
    expect(await redeemFrom('10.1.0.2', second.token, code)).toMatchObject({ status: 409, body: { msg: 'This redeem code has already been used' } });
    expect(await words(second.token)).toBe(before);
  });

  it('answers an unknown code with not found and an empty one with a validation error', async () => {
    const user = await makeUser(t.app);
    expect(await redeemFrom('10.1.0.3', user.token, 'ZZZZZZZZZZZZZZZZ')).toMatchObject({ status: 404, body: { msg: 'This redeem code does not exist' } });
    expect((await redeemFrom('10.1.0.3', user.token, '')).status).toBe(400);
  });

  it('refuses the codes of a disabled batch', async () => {
    const created = await singleUseCodes(2);
    const user = await makeUser(t.app);
    const before = await words(user.token);
    expect((await callApi(t.app, api.adminRedeemDisable, { token: admin.token, body: { batch_id: created.batch_id } })).status).toBe(200);
    expect(await redeemFrom('10.1.0.4', user.token, created.codes[1] as string)).toMatchObject({ status: 403, body: { msg: 'This redeem code has been disabled' } });
    expect(await words(user.token)).toBe(before);
  });

  it('lets each user redeem a one-per-user code once, however many uses it has left', async () => {
    const created = await batch({ count: 1, uses_per_code: 5, one_per_user: true, grant: { conversation_count: 3 } });
    const code = created.body.data.codes[0] as string;
    const user = await makeUser(t.app);
    expect((await redeemFrom('10.1.0.5', user.token, code)).status).toBe(200);
    expect(await redeemFrom('10.1.0.5', user.token, code)).toMatchObject({ status: 409, body: { msg: 'You have already redeemed this code' } });
    expect((await redeemFrom('10.1.0.5', (await makeUser(t.app)).token, code)).status).toBe(200);
  });

  it('refuses a code once its batch has expired on the server clock', async () => {
    const expiring = await batch({ count: 1, uses_per_code: 5, one_per_user: false, expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(), grant: { conversation_count: 3 } });
    const code = expiring.body.data.codes[0] as string;
    expect((await redeemFrom('10.1.0.6', (await makeUser(t.app)).token, code)).status).toBe(200);
    t.clock.advance(120_000);
    expect(await redeemFrom('10.1.0.6', (await makeUser(t.app)).token, code)).toMatchObject({ status: 410, body: { msg: 'This redeem code has expired' } });
  });

  it('rejects bad batches: negative or huge grants, both or neither of package and balances', async () => {
    expect((await batch({ count: 1, uses_per_code: 1, one_per_user: true, grant: { word_count: -1 } })).status).toBe(400);
    expect((await batch({ count: 1, uses_per_code: 1, one_per_user: true, grant: { word_count: 2_000_000_000 } })).status).toBe(400);
    expect((await batch({ count: 0, uses_per_code: 1, one_per_user: true, grant: { word_count: 1 } })).status).toBe(400);
    expect((await batch({ count: 1, uses_per_code: 1, one_per_user: true, grant: {} })).status).toBe(400);
    expect((await batch({ count: 1, uses_per_code: 1, one_per_user: true, grant: { package_id: 1, word_count: 1 } })).status).toBe(400);
    expect((await callApi(t.app, api.adminRedeemBatch, { token: (await makeUser(t.app)).token, body: { count: 1, uses_per_code: 1, one_per_user: true, grant: { word_count: 1 } } })).status).toBe(403);
  });

  it('a package code grants the membership; batches list, codes list and CSV export', async () => {
    const members = (await callApi(t.app, api.memberPackages)).body.data.lists;
    const created = await batch({ count: 2, uses_per_code: 2, one_per_user: false, grant: { package_id: members[0]?.id } });
    const user = await makeUser(t.app);
    expect((await redeemFrom('10.2.0.1', user.token, created.body.data.codes[0] as string)).status).toBe(200);
    const info = (await callApi(t.app, api.info, { token: user.token })).body.data;
    expect(info.member_level).toBe('vip');
    const batches = await callApi(t.app, api.adminRedeemBatches, { token: admin.token });
    expect(batches.body.data.lists.find((b) => b.id === created.body.data.batch_id)?.used).toBe(1);
    const codes = await callApi(t.app, api.adminRedeemCodes, { token: admin.token, query: { batch_id: String(created.body.data.batch_id) } });
    expect(codes.body.data.count).toBe(2);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/redeem/export?batch_id=${created.body.data.batch_id}`, headers: { token: admin.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('code,uses,uses_per_code,disabled,expires_at');
    expect(csv.body).toContain(`${created.body.data.codes[0]},1,2,0,`);
    const denied = await t.app.inject({ method: 'GET', url: `/api/admin/redeem/export?batch_id=${created.body.data.batch_id}`, headers: { token: user.token } });
    expect(denied.statusCode).toBe(403);
  });

  it('rate-limits guessing per user', async () => {
    const user = await makeUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < REDEEM_LIMIT_PER_USER + 2; i += 1) statuses.push((await redeemFrom(`10.3.0.${i}`, user.token, `GUESS${i}AAAAAAAAAA`)).status);
    expect(statuses.slice(0, REDEEM_LIMIT_PER_USER).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(REDEEM_LIMIT_PER_USER)).toEqual([429, 429]);
  });

  it('1,000 concurrent redemptions of one single-use code by different users: exactly one success; then the ledger audit is clean', async () => {
    const created = await batch({ count: 1, uses_per_code: 1, one_per_user: true, grant: { word_count: 777, drawing_count: 3 } });
    const code = created.body.data.codes[0] as string;
    const tokens: string[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const user = await t.app.services.accounts.create({ email: `race${i}@example.com` });
      tokens.push(await t.app.sessions.create(user.id, { terminal: 'pc', ip: '127.0.0.1', userAgent: 'test' }));
    }
    // Alongside, paid orders notified twice and more redemptions of a multi-use code, to give the audit a mixed workload.
    const multi = await batch({ count: 1, uses_per_code: 50, one_per_user: true, grant: { conversation_count: 2 } });
    const sandbox = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now);
    const pkg = (await callApi(t.app, api.rechargePackages)).body.data.lists[0] as Package;
    const orders = await Promise.all(
      tokens.slice(0, 20).map(async (token) => (await callApi(t.app, api.createOrder, { token, body: { package_id: pkg.id, kind: 'recharge', gateway: 'sandbox' } })).body.data),
    );
    const notifications = orders.flatMap((o) => [0, 1].map(() => sandbox.signNotification({ order_no: o.order_no, paid_amount: o.amount, trade_no: `R${o.order_no}` })));

    const results = await Promise.all([
      ...tokens.map((token, i) => redeemFrom(`10.9.${Math.floor(i / 250)}.${i % 250}`, token, code)),
      ...tokens.slice(0, 80).map((token, i) => redeemFrom(`10.8.0.${i}`, token, multi.body.data.codes[0] as string)),
      ...notifications.map(async (n) => ({ status: (await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })).statusCode, body: null })),
    ]);
    const single = results.slice(0, 1000);
    expect(single.filter((r) => r.status === 200)).toHaveLength(1);
    expect(single.filter((r) => r.status === 409)).toHaveLength(999);
    const multiResults = results.slice(1000, 1080);
    expect(multiResults.filter((r) => r.status === 200)).toHaveLength(50);
    const winners = await t.owned.ctx.db.selectFrom('ledger').select('user_id').where('ref_type', '=', 'redeem').where('asset', '=', 'word_count').where('delta', '=', '777').execute();
    expect(winners).toHaveLength(1);
    const fulfilled = await t.owned.ctx.db.selectFrom('orders').select('id').where('order_no', 'in', orders.map((o) => o.order_no)).where('status', '=', 'fulfilled').execute();
    expect(fulfilled).toHaveLength(20);
    const audit = await callApi(t.app, api.ledgerAudit, { token: admin.token });
    expect(audit.body.data.mismatches).toEqual([]);
  }, 180_000);
});
