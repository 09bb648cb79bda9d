/**
 * Credentials that switch WeChat Pay and Alipay on for tests that only need
 * them listed: the gateways read their keys only when they sign or verify.
 */
export const WECHAT_PLACEHOLDERS = {
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_APP_ID: 'wxapp1',
  WECHATPAY_SERIAL_NO: 'MERCHANTSERIAL',
  WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nplaceholder\\n-----END PRIVATE KEY-----',
  WECHATPAY_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nplaceholder\\n-----END PUBLIC KEY-----',
  WECHATPAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
};

export const ALIPAY_PLACEHOLDERS = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nplaceholder\\n-----END PRIVATE KEY-----',
  ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nplaceholder\\n-----END PUBLIC KEY-----',
};
