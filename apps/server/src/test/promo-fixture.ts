import type { Order, Package, PromotionSettings } from '@xueba/contract';
import { call, createTestApp, makeUser, type TestApp } from './helpers.js';
import { SandboxGateway } from '../modules/commerce/gateways/sandbox.js';

/** Shared setup of the promotion tests: an app with the sandbox gateway, an admin, promoters with invitees, paid orders. */
export interface PromoFixture {
  t: TestApp;
  admin: { token: string };
  packages: Package[];
  close(): Promise<void>;
  setDistribution(patch: Partial<PromotionSettings['distribution']>): Promise<void>;
  pair(): Promise<{ promoter: User; invitee: User }>;
  order(user: User, pkg?: Package): Promise<Order>;
  notify(payment: { order_no: string; paid_amount: number; trade_no: string }, tamper?: (n: { headers: Record<string, string>; body: string }) => void): Promise<number>;
  pay(user: User, pkg?: Package): Promise<Order>;
  balance(userId: number, asset: string): Promise<number>;
}
export type User = Awaited<ReturnType<typeof makeUser>>;

export async function promoFixture(): Promise<PromoFixture> {
  const t = await createTestApp({ PAY_SANDBOX: '1', PAY_SANDBOX_DELAY_MS: '0' });
  const admin = await makeUser(t.app, { role: 'admin' });
  const sandbox = new SandboxGateway('test-secret-0123456789', '/api', t.clock.now);
  const packages = (await call<{ lists: Package[] }>(t.app, 'GET', '/recharge/packages')).body.data.lists;
  const f: PromoFixture = {
    t,
    admin,
    packages,
    close: () => t.close(),
    async setDistribution(patch) {
      const current = (await call<PromotionSettings>(t.app, 'GET', '/admin/promotion/settings', { token: admin.token })).body.data;
      const saved = await call(t.app, 'POST', '/admin/promotion/settings', { token: admin.token, body: { ...current, distribution: { ...current.distribution, ...patch } } });
      if (saved.status !== 200) throw new Error(`settings refused: ${JSON.stringify(saved.body)}`);
    },
    async pair() {
      const promoter = await makeUser(t.app);
      const invitee = await makeUser(t.app);
      const { share_id } = (await call<{ share_id: string }>(t.app, 'POST', '/share/invite', { token: promoter.token })).body.data;
      await call(t.app, 'POST', '/share/bind', { token: invitee.token, body: { share_id } });
      return { promoter, invitee };
    },
    async order(user, pkg = packages[0]) {
      const created = await call<Order>(t.app, 'POST', '/order/create', { token: user.token, body: { package_id: pkg?.id, kind: 'recharge', gateway: 'sandbox' } });
      if (created.status !== 200) throw new Error(`order refused: ${JSON.stringify(created.body)}`);
      return created.body.data;
    },
    async notify(payment, tamper) {
      const n = sandbox.signNotification(payment);
      tamper?.(n);
      return (await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })).statusCode;
    },
    async pay(user, pkg) {
      const order = await f.order(user, pkg);
      await f.notify({ order_no: order.order_no, paid_amount: order.amount, trade_no: `T${order.order_no}` });
      return order;
    },
    async balance(userId, asset) {
      return (await t.app.services.ledger.balances(userId))[asset] ?? 0;
    },
  };
  return f;
}
