import { api } from '@xueba/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { ALIPAY_PLACEHOLDERS, WECHAT_PLACEHOLDERS } from '../../test/pay-fixture.js';
import { gatewaysFromEnv } from './gateways/registry.js';
import { SandboxGateway } from './gateways/sandbox.js';

const WECHAT = WECHAT_PLACEHOLDERS;
const ALIPAY = ALIPAY_PLACEHOLDERS;

describe('/pc/config lists the payment gateways the server accepts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function gateways(env: Record<string, string>, locale = 'zh') {
    t ??= await createTestApp(env);
    const config = await callApi(t.app, api.config, { locale });
    expect(config.status).toBe(200);
    return config.body.data.pay_gateways;
  }

  // Each case is a whole app on its own database (slow on PGlite), so only the distinct outcomes run here.
  it.each([
    ['nothing by default, in any NODE_ENV: the sandbox pays without money and is switched on only by hand', {}, []],
    ['the sandbox alone with PAY_SANDBOX=1 and no provider', { PAY_SANDBOX: '1' }, ['sandbox']],
    ['the real providers only beside PAY_SANDBOX=1 (the sandbox is for admins, and only by the admin setting)', { ...WECHAT, ...ALIPAY, PAY_SANDBOX: '1' }, ['wechat', 'alipay']],
  ])('%s', async (_name, env, expected) => {
    expect(await gateways(env)).toEqual(expected);
  });

  it('a provider counts only with all of its keys; the sandbox follows PAY_SANDBOX alone, and beside a provider serves admins by the setting', () => {
    const built = (env: Record<string, string>) => gatewaysFromEnv(loadEnv({ NODE_ENV: 'test', ...env }), 'test-secret-0123456789', () => new Date());
    const offered = (env: Record<string, string>) => built(env).offeredTo('user', false);
    expect(offered({ ...WECHAT, WECHATPAY_SERIAL_NO: '' })).toEqual([]);
    expect(offered({ ...WECHAT, WECHATPAY_API_V3_KEY: '', ...ALIPAY, PAY_SANDBOX: '1' })).toEqual(['alipay']);
    expect(offered({ ...ALIPAY, ALIPAY_PUBLIC_KEY: '', PAY_SANDBOX: '1' })).toEqual(['sandbox']);
    expect(offered({ NODE_ENV: 'development' })).toEqual([]);
    expect(offered({ NODE_ENV: 'production', PAY_SANDBOX: '1' })).toEqual(['sandbox']);
    expect(offered({ PAY_SANDBOX: '0' })).toEqual([]);
    const mixed = built({ ...WECHAT, PAY_SANDBOX: '1' });
    expect(mixed.offeredTo('admin', false)).toEqual(['wechat']);
    expect(mixed.offeredTo('user', true)).toEqual(['wechat']);
    expect(mixed.offeredTo(null, true)).toEqual(['wechat']);
    expect(mixed.offeredTo('admin', true)).toEqual(['wechat', 'sandbox']);
    expect(built({ ...WECHAT }).offeredTo('admin', true)).toEqual(['wechat']);
    expect(() => loadEnv({ PAY_SANDBOX: 'maybe' })).toThrow(/PAY_SANDBOX/);
  });

  it('by default the sandbox takes no order and no notification, and serves no checkout page', async () => {
    expect(await gateways({})).toEqual([]);
    const app = t!.app;
    const user = await makeUser(app);
    const pkg = (await callApi(app, api.memberPackages)).body.data.lists[0];
    const refused = await callApi(app, api.createOrder, { token: user.token, locale: 'en', body: { package_id: pkg?.id, kind: 'member', gateway: 'sandbox' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This payment method is not available');
    // A notification signed with this app's own secret, as the sandbox would sign it: there is no sandbox to verify it.
    const n = new SandboxGateway('test-secret-0123456789', '/api', () => new Date()).signNotification({ order_no: 'XB1', paid_amount: 1, trade_no: 'T1' });
    expect((await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: n.headers, payload: n.body })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout?order_no=XB1&sig=' + '0'.repeat(64) })).statusCode).toBe(404);
  });

  it('every locale of the cached config carries the list, and orders are refused for any gateway not in it', async () => {
    const env = { ...ALIPAY, PAY_SANDBOX: '1' };
    for (const locale of ['zh', 'en', 'ja', 'ko', 'zh']) expect(await gateways(env, locale)).toEqual(['alipay']);
    const app = t!.app;
    const user = await makeUser(app);
    const packages = await callApi(app, api.rechargePackages);
    for (const gateway of ['sandbox', 'wechat']) {
      const refused = await callApi(app, api.createOrder, { token: user.token, locale: 'en', body: { package_id: packages.body.data.lists[0]?.id, kind: 'recharge', gateway } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This payment method is not available');
    }
  });
});
