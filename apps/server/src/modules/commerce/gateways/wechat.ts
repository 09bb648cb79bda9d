import crypto from 'node:crypto';
import { z } from 'zod';
import { header, NotificationRejected, type PayableOrder, type PaymentGateway, type RawHeaders, type VerifiedPayment } from './gateway.js';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** WeChat Pay platform public key (PEM): signs responses and notifications. */
  platformPublicKey: string;
  /** APIv3 key: 32 characters, decrypts notification resources. */
  apiV3Key: string;
  apiUrl: string;
  now: () => Date;
}

const MAX_SKEW_SECONDS = 300;
const notificationSchema = z.object({
  event_type: z.string(),
  resource: z.object({ algorithm: z.string(), ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional().default('') }),
});
const transactionSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().min(0) }),
});

/** AES-256-GCM decryption of a notification resource with the APIv3 key (the tag is the ciphertext's last 16 bytes). */
export function decryptResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRejected('short ciphertext');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * WeChat Pay API v3, Native (QR code) payments. Requests are signed with the
 * merchant key (RSA-SHA256 over `METHOD\nPATH\ntimestamp\nnonce\nbody\n`);
 * responses and notifications are verified with the platform public key over
 * `timestamp\nnonce\nbody\n` from the Wechatpay-* headers.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat' as const;

  constructor(private readonly config: WechatPayConfig) {}

  private authorization(method: string, path: string, body: string): string {
    const timestamp = Math.floor(this.config.now().getTime() / 1000).toString();
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto.sign('sha256', Buffer.from(`${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`), this.config.privateKey).toString('base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
  }

  /** Checks a Wechatpay-Signature over the raw body; throws NotificationRejected. */
  verifySignature(headers: RawHeaders, body: string): void {
    const timestamp = header(headers, 'wechatpay-timestamp') ?? '';
    const nonce = header(headers, 'wechatpay-nonce') ?? '';
    const signature = header(headers, 'wechatpay-signature') ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) throw new NotificationRejected('missing signature');
    if (Math.abs(this.config.now().getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) throw new NotificationRejected('stale timestamp');
    let valid = false;
    try {
      valid = crypto.verify('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), this.config.platformPublicKey, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new NotificationRejected('bad signature');
  }

  async createPayment(order: PayableOrder, urls: { notifyUrl: string }) {
    const path = '/v3/pay/transactions/native';
    const body = JSON.stringify({
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: order.subject.slice(0, 127) || order.order_no,
      out_trade_no: order.order_no,
      time_expire: order.expires_at.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: urls.notifyUrl,
      amount: { total: order.amount, currency: 'CNY' },
    });
    const response = await fetch(`${this.config.apiUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { authorization: this.authorization('POST', path, body), 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`WeChat Pay answered ${response.status}`);
    this.verifySignature(Object.fromEntries(response.headers.entries()), text);
    const parsed = z.object({ code_url: z.string().min(1) }).parse(JSON.parse(text));
    return { pay_url: null, code_url: parsed.code_url };
  }

  verifyNotification(headers: RawHeaders, rawBody: string): VerifiedPayment {
    this.verifySignature(headers, rawBody);
    let notification: z.infer<typeof notificationSchema>;
    let transaction: z.infer<typeof transactionSchema>;
    try {
      notification = notificationSchema.parse(JSON.parse(rawBody));
      if (notification.resource.algorithm !== 'AEAD_AES_256_GCM') throw new NotificationRejected('unknown algorithm');
      transaction = transactionSchema.parse(JSON.parse(decryptResource(this.config.apiV3Key, notification.resource)));
    } catch (error) {
      if (error instanceof NotificationRejected) throw error;
      throw new NotificationRejected('undecryptable or malformed resource');
    }
    if (notification.event_type !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') throw new NotificationRejected(`not a success: ${transaction.trade_state}`, transaction.out_trade_no);
    if (transaction.mchid !== this.config.mchId) throw new NotificationRejected('other merchant');
    return { order_no: transaction.out_trade_no, paid_amount: transaction.amount.total, trade_no: transaction.transaction_id };
  }

  /** v3 expects 200/204 for success and 4xx/5xx with {code, message} otherwise. */
  ack(ok: boolean) {
    return ok ? { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"OK"}' } : { status: 400, contentType: 'application/json', body: '{"code":"FAIL","message":"FAIL"}' };
  }
}
