import type { Locale } from '@xueba/contract';
import type { PayGateway } from './names.js';

export type { PayGateway } from './names.js';

/** What a gateway needs to start a payment. Amount in cents. */
export interface PayableOrder {
  order_no: string;
  amount: number;
  subject: string;
  expires_at: Date;
}

/** A notification whose signature checked out. paid_amount in cents. */
export interface VerifiedPayment {
  order_no: string;
  paid_amount: number;
  trade_no: string;
}

export type RawHeaders = Record<string, string | string[] | undefined>;

/**
 * One interface for every payment provider. createPayment answers where the
 * user pays (a hosted page or a QR code content); verifyNotification checks
 * the provider's signature and returns the payment, or throws
 * NotificationRejected; ack is the reply the provider expects.
 */
export interface PaymentGateway {
  readonly name: PayGateway;
  createPayment(order: PayableOrder, urls: { notifyUrl: string; returnUrl: string; origin: string; locale: Locale }): Promise<{ pay_url: string | null; code_url: string | null }>;
  verifyNotification(headers: RawHeaders, rawBody: string): Promise<VerifiedPayment> | VerifiedPayment;
  ack(ok: boolean): { status: number; contentType: string; body: string };
}

/** A notification that is forged, altered, stale or not a successful payment. Logged, never fulfilled. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: string,
    readonly orderNo: string | null = null,
  ) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

export function header(headers: RawHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** "12.30" -> 1230 cents, exactly (no floating point). Throws on anything else. */
export function yuanToCents(value: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new NotificationRejected(`bad amount ${value.slice(0, 20)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function centsToYuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PEM keys from environment variables often arrive with literal \n. */
export function pem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}
