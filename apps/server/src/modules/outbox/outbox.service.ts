import type { AppContext } from '../../platform/context.js';
import type { OutboxRow } from '../../platform/db/schema.js';
import type { MailMessage } from '../../providers/mail/mail.js';
import { SmsError, type SmsFailure, type SmsMessage } from '../../providers/sms/sms.js';
import { redact } from '../../providers/redact.js';
import { OutboxRepository, type OutboxChannel, type OutboxStatus } from './outbox.repository.js';

export type { OutboxChannel, OutboxStatus } from './outbox.repository.js';

/** The slice of a pino/Fastify logger the outbox writes to. */
export interface OutboxLog {
  info(message: string): void;
  warn(message: string): void;
}

const SILENT: OutboxLog = { info: () => undefined, warn: () => undefined };
const ERROR_MAX = 1000;

export interface Delivery {
  status: OutboxStatus;
  /** The outbox row written for this message. */
  row: OutboxRow;
  /** Why an SMS provider refused it (`failed` SMS only). */
  failure?: SmsFailure;
  /** The SMS provider's own answer (code and text, masked like the outbox), and which provider sent it. */
  answer?: { provider: string; code: string; message: string };
}

/**
 * Every email and SMS goes through here: it is handed to the configured
 * transport (SMTP, or the log-only one in development) and always written to
 * the `outbox` table, with any one-time code masked: the admin outbox shows
 * that a code was sent, never the code. Status: `logged` when the transport
 * only logs, `sent` when a real one accepted it, `failed` with the error
 * text otherwise. Delivery never throws; callers look at the status.
 */
export class OutboxService {
  private readonly repo = new OutboxRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: OutboxLog = SILENT,
  ) {}

  async sendMail(message: MailMessage): Promise<Delivery> {
    const transport = this.ctx.mail;
    let status: OutboxStatus = transport.delivers ? 'sent' : 'logged';
    let error: string | null = null;
    try {
      await transport.send(message);
    } catch (caught) {
      status = 'failed';
      error = errorText(caught);
    }
    // The subject only: bodies carry codes (the log-only transport has printed the body itself).
    if (status === 'failed') this.log.warn(`mail to ${message.to} failed: ${message.subject}: ${error ?? ''}`);
    else if (status === 'sent') this.log.info(`mail to ${message.to}: ${message.subject}`);
    const row = await this.record('email', message.to, message.subject, redact(message.text, message.secret), status, error);
    return { status, row };
  }

  async sendSms(message: SmsMessage): Promise<Delivery> {
    // The admin's SMS settings may change at any time: the provider is the one they name now.
    const provider = (await this.ctx.sms.current?.()) ?? this.ctx.sms;
    let status: OutboxStatus = provider.delivers ? 'sent' : 'logged';
    let error: string | null = null;
    let failure: SmsFailure | undefined;
    let answer: { provider: string; code: string; message: string } = { provider: provider.name, code: status, message: '' };
    try {
      const receipt = await provider.send(message);
      if (receipt) answer = { provider: provider.name, code: receipt.code, message: redact(receipt.message, message.secret) };
    } catch (caught) {
      status = 'failed';
      failure = caught instanceof SmsError ? caught.failure : 'unknown';
      // A provider may echo the request (template parameters) in its error text.
      error = redact(errorText(caught), message.secret);
      answer = caught instanceof SmsError ? { provider: provider.name, code: caught.providerCode, message: redact(caught.providerMessage, message.secret) } : { provider: provider.name, code: 'error', message: error };
      this.log.warn(`sms to ${message.to} failed (${provider.name}): ${error}`);
    }
    const row = await this.record('sms', message.to, '', redact(message.text, message.secret), status, error);
    return { status, row, failure, answer };
  }

  /** Newest first; for the admin outbox page. */
  list(filter: { channel?: OutboxChannel; limit: number; offset: number }): Promise<{ rows: OutboxRow[]; count: number }> {
    return this.repo.list(this.ctx.db, filter);
  }

  /** Whether a real transport is configured per channel (the admin page says so). */
  transports(): { email: boolean; sms: boolean } {
    return { email: this.ctx.mail.delivers, sms: this.ctx.sms.delivers };
  }

  private record(channel: OutboxChannel, recipient: string, subject: string, body: string, status: OutboxStatus, error: string | null): Promise<OutboxRow> {
    return this.repo.insert(this.ctx.db, { channel, recipient, subject, body, status, error, createdAt: this.ctx.now() });
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_MAX) || 'unknown error';
}
