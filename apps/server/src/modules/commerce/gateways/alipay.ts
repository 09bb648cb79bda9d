import crypto from 'node:crypto';
import { centsToYuan, NotificationRejected, yuanToCents, type PayableOrder, type PaymentGateway, type RawHeaders, type VerifiedPayment } from './gateway.js';

export interface AlipayConfig {
  appId: string;
  /** Application private key (PEM). */
  privateKey: string;
  /** Alipay public key (PEM): signs notifications. */
  alipayPublicKey: string;
  gatewayUrl: string;
  now: () => Date;
}

/** Alipay's string to sign: every non-empty parameter except sign (and sign_type for notifications), sorted by key, `k=v` joined with `&`. */
export function alipaySignContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Alipay timestamps are Beijing time, `yyyy-MM-dd HH:mm:ss`. */
function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * Alipay page pay (alipay.trade.page.pay): the user is sent to Alipay with a
 * URL signed RSA2 (SHA256withRSA); the asynchronous notification is a form
 * post verified with Alipay's public key over the sorted parameters.
 */
export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay' as const;

  constructor(private readonly config: AlipayConfig) {}

  async createPayment(order: PayableOrder, urls: { notifyUrl: string; returnUrl: string }) {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      return_url: urls.returnUrl,
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTime(this.config.now()),
      version: '1.0',
      notify_url: urls.notifyUrl,
      biz_content: JSON.stringify({
        out_trade_no: order.order_no,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: centsToYuan(order.amount),
        subject: order.subject.slice(0, 256) || order.order_no,
        time_expire: beijingTime(order.expires_at),
      }),
    };
    const sign = crypto.sign('sha256', Buffer.from(alipaySignContent(params, ['sign'])), this.config.privateKey).toString('base64');
    const query = new URLSearchParams({ ...params, sign });
    return { pay_url: `${this.config.gatewayUrl}?${query.toString()}`, code_url: null };
  }

  verifyNotification(_headers: RawHeaders, rawBody: string): VerifiedPayment {
    const params = Object.fromEntries(new URLSearchParams(rawBody).entries());
    const sign = params.sign ?? '';
    if (!sign || params.sign_type !== 'RSA2') throw new NotificationRejected('missing signature');
    let valid = false;
    try {
      valid = crypto.verify('sha256', Buffer.from(alipaySignContent(params, ['sign', 'sign_type'])), this.config.alipayPublicKey, Buffer.from(sign, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new NotificationRejected('bad signature');
    if (params.app_id !== this.config.appId) throw new NotificationRejected('other app');
    const orderNo = params.out_trade_no ?? '';
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') throw new NotificationRejected(`not a success: ${params.trade_status ?? ''}`, orderNo);
    if (!orderNo || !params.trade_no) throw new NotificationRejected('malformed notification');
    return { order_no: orderNo, paid_amount: yuanToCents(params.total_amount ?? ''), trade_no: params.trade_no };
  }

  /** Alipay stops retrying on the plain text `success`. */
  ack(ok: boolean) {
    return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
  }
}
