import crypto from 'node:crypto';
import { z } from 'zod';
import type { Locale } from '@xueba/contract';
import { hmac, safeEqualHex } from '../../../platform/crypto.js';
import { header, NotificationRejected, type PayableOrder, type PaymentGateway, type RawHeaders, type VerifiedPayment } from './gateway.js';

const MAX_SKEW_MS = 10 * 60_000;
const bodySchema = z.object({ order_no: z.string().min(1).max(64), paid_amount: z.number().int().min(0), trade_no: z.string().min(1).max(64) });

/**
 * The built-in test gateway: a checkout page served by the app itself, and an
 * asynchronous notification signed with HMAC-SHA256 under a key derived from
 * the app secret, verified exactly like a real provider's.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  private readonly key: string;

  constructor(
    appSecret: string,
    private readonly apiPrefix: string,
    private readonly now: () => Date,
  ) {
    this.key = hmac(appSecret, 'xueba-pay-sandbox-v1');
  }

  /** The checkout link carries a signature so only the order's creator gets a working page. */
  checkoutSignature(orderNo: string): string {
    return hmac(this.key, `checkout:${orderNo}`);
  }

  checkoutSignatureValid(orderNo: string, sig: string): boolean {
    return /^[0-9a-f]{64}$/.test(sig) && safeEqualHex(this.checkoutSignature(orderNo), sig);
  }

  /** The checkout page speaks the language the order was placed in (`lang`), not the browser's. */
  async createPayment(order: PayableOrder, urls: { origin: string; locale: Locale }) {
    const query = new URLSearchParams({ order_no: order.order_no, sig: this.checkoutSignature(order.order_no), lang: urls.locale });
    return { pay_url: `${urls.origin}${this.apiPrefix}/pay/sandbox/checkout?${query.toString()}`, code_url: null };
  }

  /** The notification the sandbox sends when the tester clicks Pay. */
  signNotification(payment: VerifiedPayment): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify({ order_no: payment.order_no, paid_amount: payment.paid_amount, trade_no: payment.trade_no });
    const timestamp = String(this.now().getTime());
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': hmac(this.key, `${timestamp}\n${body}`) },
    };
  }

  newTradeNo(): string {
    return `SBX${crypto.randomBytes(10).toString('hex').toUpperCase()}`;
  }

  verifyNotification(headers: RawHeaders, rawBody: string): VerifiedPayment {
    const timestamp = header(headers, 'x-sandbox-timestamp') ?? '';
    const signature = header(headers, 'x-sandbox-signature') ?? '';
    if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw new NotificationRejected('missing signature');
    if (!safeEqualHex(hmac(this.key, `${timestamp}\n${rawBody}`), signature)) throw new NotificationRejected('bad signature');
    if (Math.abs(this.now().getTime() - Number(timestamp)) > MAX_SKEW_MS) throw new NotificationRejected('stale timestamp');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new NotificationRejected('malformed body');
    }
    const body = bodySchema.safeParse(parsed);
    if (!body.success) throw new NotificationRejected('malformed body');
    return body.data;
  }

  ack(ok: boolean) {
    return { status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ code: ok ? 'SUCCESS' : 'FAIL' }) };
  }
}
