import type { Env } from '../../../config/env.js';
import { AlipayGateway } from './alipay.js';
import { pem, type PaymentGateway } from './gateway.js';
import { WechatPayGateway } from './wechat.js';

/** WeChat Pay and Alipay, each only when all of its credentials are configured. */
export function realGateways(env: Env, now: () => Date): PaymentGateway[] {
  const out: PaymentGateway[] = [];
  if (env.WECHATPAY_MCH_ID && env.WECHATPAY_APP_ID && env.WECHATPAY_SERIAL_NO && env.WECHATPAY_PRIVATE_KEY && env.WECHATPAY_PLATFORM_PUBLIC_KEY && env.WECHATPAY_API_V3_KEY) {
    out.push(
      new WechatPayGateway({
        mchId: env.WECHATPAY_MCH_ID,
        appId: env.WECHATPAY_APP_ID,
        serialNo: env.WECHATPAY_SERIAL_NO,
        privateKey: pem(env.WECHATPAY_PRIVATE_KEY),
        platformPublicKey: pem(env.WECHATPAY_PLATFORM_PUBLIC_KEY),
        apiV3Key: env.WECHATPAY_API_V3_KEY,
        apiUrl: env.WECHATPAY_API_URL,
        now,
      }),
    );
  }
  if (env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY) {
    out.push(new AlipayGateway({ appId: env.ALIPAY_APP_ID, privateKey: pem(env.ALIPAY_PRIVATE_KEY), alipayPublicKey: pem(env.ALIPAY_PUBLIC_KEY), gatewayUrl: env.ALIPAY_GATEWAY_URL, now }));
  }
  return out;
}
