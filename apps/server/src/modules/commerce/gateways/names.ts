export type PayGateway = 'sandbox' | 'wechat' | 'alipay';
