import type { MessageLog } from '../redact.js';

export interface SmsMessage {
  to: string;
  text: string;
  /** Template parameters for providers that send by template (code, minutes). */
  params: Record<string, string>;
  /** A one-time code in the text: masked in the outbox and in a production log. */
  secret?: string;
}

/**
 * Sends SMS. The development provider `log` delivers nothing: the message goes
 * to the server log (with the code outside production) and the admin outbox
 * (always masked). Real providers (Aliyun, Tencent Cloud,
 * Twilio) implement this interface and are chosen by SMS_PROVIDER.
 */
export interface SmsProvider {
  readonly name: string;
  /** false when messages only reach the log/outbox. */
  readonly delivers: boolean;
  send(message: SmsMessage): Promise<void>;
}

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly delivers = false;
  constructor(private readonly log: MessageLog) {}
  async send(message: SmsMessage): Promise<void> {
    this.log.message(`SMS to ${message.to}: ${message.text}`, message.secret);
  }
}
