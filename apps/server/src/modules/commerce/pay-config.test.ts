import { afterEach, describe, expect, it } from 'vitest';
import type { PcConfig } from '@xueba/contract';
import { loadEnv } from '../../config/env.js';
import { call, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { gatewaysFromEnv } from './gateways/registry.js';

// Gateways read their keys only when they sign or verify, so placeholders are enough to switch them on.
const WECHAT = {
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_APP_ID: 'wxapp1',
  WECHATPAY_SERIAL_NO: 'MERCHANTSERIAL',
  WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nplaceholder\\n-----END PRIVATE KEY-----',
  WECHATPAY_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nplaceholder\\n-----END PUBLIC KEY-----',
  WECHATPAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
};
const ALIPAY = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nplaceholder\\n-----END PRIVATE KEY-----',
  ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nplaceholder\\n-----END PUBLIC KEY-----',
};

describe('/pc/config lists the payment gateways the server accepts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function gateways(env: Record<string, string>, locale = 'zh') {
    t ??= await createTestApp(env);
    const config = await call<PcConfig>(t.app, 'GET', '/pc/config', { locale });
    expect(config.status).toBe(200);
    return config.body.data.pay_gateways;
  }

  // Each case is a whole app on its own database (slow on PGlite), so only the distinct outcomes run here.
  it.each([
    ['the sandbox alone by default outside production', {}, ['sandbox']],
    ['nothing with the sandbox switched off and no provider', { PAY_SANDBOX: 'off' }, []],
    ['nothing in production without providers (the sandbox is off there by default)', { NODE_ENV: 'production' }, []],
    ['real providers first, then the sandbox', { ...WECHAT, ...ALIPAY }, ['wechat', 'alipay', 'sandbox']],
  ])('%s', async (_name, env, expected) => {
    expect(await gateways(env)).toEqual(expected);
  });

  it('a provider counts only with all of its keys; the sandbox follows PAY_SANDBOX over NODE_ENV', () => {
    const accepted = (env: Record<string, string>) => gatewaysFromEnv(loadEnv({ NODE_ENV: 'test', ...env }), 'test-secret-0123456789', () => new Date()).accepted;
    expect(accepted({ ...WECHAT, WECHATPAY_SERIAL_NO: '', PAY_SANDBOX: 'off' })).toEqual([]);
    expect(accepted({ ...WECHAT, WECHATPAY_API_V3_KEY: '', ...ALIPAY })).toEqual(['alipay', 'sandbox']);
    expect(accepted({ ...ALIPAY, ALIPAY_PUBLIC_KEY: '' })).toEqual(['sandbox']);
    expect(accepted({ ...WECHAT, NODE_ENV: 'production' })).toEqual(['wechat']);
    expect(accepted({ NODE_ENV: 'production', PAY_SANDBOX: 'on' })).toEqual(['sandbox']);
  });

  it('every locale of the cached config carries the list, and orders are refused for any gateway not in it', async () => {
    const env = { ...ALIPAY, PAY_SANDBOX: 'off' };
    for (const locale of ['zh', 'en', 'ja', 'ko', 'zh']) expect(await gateways(env, locale)).toEqual(['alipay']);
    const app = t!.app;
    const user = await makeUser(app);
    const packages = await call<{ lists: { id: number }[] }>(app, 'GET', '/recharge/packages');
    for (const gateway of ['sandbox', 'wechat']) {
      const refused = await call(app, 'POST', '/order/create', { token: user.token, locale: 'en', body: { package_id: packages.body.data.lists[0]?.id, kind: 'recharge', gateway } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This payment method is not available');
    }
  });
});
