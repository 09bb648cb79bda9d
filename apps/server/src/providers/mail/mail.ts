import nodemailer from 'nodemailer';
import type { MessageLog } from '../redact.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code in the text: masked in the outbox and in a production log. */
  secret?: string;
}

/** Delivers mail. Without SMTP_URL there is none: mail goes to the server log (LogMailTransport). */
export interface MailTransport {
  readonly name: string;
  /** false when mail only reaches the log (the outbox then says `logged`). */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export class SmtpMailTransport implements MailTransport {
  readonly name = 'smtp';
  readonly delivers = true;
  private readonly transporter: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // smtp:// upgrades with STARTTLS when offered; smtps:// is TLS from the start.
    this.transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * The development transport: mail is written to the server log, code
 * included, so a developer without SMTP can sign in (masked in production).
 */
export class LogMailTransport implements MailTransport {
  readonly name = 'log';
  readonly delivers = false;
  constructor(private readonly log: MessageLog) {}
  async send(message: MailMessage): Promise<void> {
    this.log.message(`Mail to ${message.to}: ${message.subject}\n${message.text}`, message.secret);
  }
  async close(): Promise<void> {}
}
