import type { CodeScene } from '@xueba/contract';
import type { MessageLog } from '../redact.js';

export interface SmsMessage {
  to: string;
  text: string;
  /** Template parameters for providers that send by template (code, minutes). */
  params: Record<string, string>;
  /** Picks the provider template (SMS_TEMPLATE_<SCENE>, else SMS_TEMPLATE). */
  scene?: CodeScene;
  /** A one-time code in the text: masked in the outbox and in a production log. */
  secret?: string;
}

/**
 * Sends SMS. The development provider `log` delivers nothing: the message goes
 * to the server log (with the code outside production) and the admin outbox
 * (always masked). The real ones (Alibaba Cloud, Tencent Cloud) send a
 * template through the provider's SDK; SMS_PROVIDER chooses.
 */
export interface SmsProvider {
  readonly name: string;
  /** false when messages only reach the log/outbox. */
  readonly delivers: boolean;
  /** Resolves when the provider accepted the message (with its answer, for the real ones); throws SmsError otherwise. */
  send(message: SmsMessage): Promise<SmsReceipt | void>;
  /**
   * The provider that sends now, for one that follows changing settings
   * (`delivers` and `name` of this object may lag a change by a moment).
   */
  current?(): Promise<SmsProvider>;
}

/** A real provider's answer to an accepted message. */
export interface SmsReceipt {
  /** `OK` (Alibaba Cloud) or `Ok` (Tencent Cloud). */
  code: string;
  message: string;
  /** The provider's id of the message (BizId, SerialNo), when it gave one. */
  id?: string;
}

/**
 * Why a provider refused a message, in words the caller can act on: the user
 * is told to wait (`rate_limit`), to check the number (`invalid_number`), or
 * that SMS is out of order for now (the operator's side: `template`,
 * `balance`, `auth`); `unknown` covers network faults and unlisted codes.
 */
export type SmsFailure = 'rate_limit' | 'invalid_number' | 'template' | 'balance' | 'auth' | 'unknown';

export class SmsError extends Error {
  constructor(
    readonly failure: SmsFailure,
    /** The provider's own code, kept in the outbox for the operator. */
    readonly providerCode: string,
    /** The provider's own text. */
    readonly providerMessage: string,
  ) {
    super(`${failure}: ${providerCode} ${providerMessage}`.trim());
    this.name = 'SmsError';
  }
}

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly delivers = false;
  constructor(readonly log: MessageLog) {}
  async send(message: SmsMessage): Promise<void> {
    this.log.message(`SMS to ${message.to}: ${message.text}`, message.secret);
  }
}

/** A mainland number is 11 digits starting with 1; written alone it means +86. */
const MAINLAND = /^(?:\+86)?(1[3-9]\d{9})$/;

/** The number in E.164 (`+8613800000000`), as Tencent Cloud takes it. */
export function e164(mobile: string): string {
  const mainland = MAINLAND.exec(mobile);
  if (mainland) return `+86${mainland[1]}`;
  if (/^\+[1-9]\d{6,14}$/.test(mobile)) return mobile;
  throw new SmsError('invalid_number', 'local', 'not a mainland or E.164 number');
}

/**
 * The number as Alibaba Cloud's SendSms takes it: mainland numbers as the 11
 * digits, international ones as country code and number without `+`
 * (`819012345678`).
 */
export function aliyunNumber(mobile: string): string {
  const mainland = MAINLAND.exec(mobile);
  return mainland ? mainland[1]! : e164(mobile).slice(1);
}

/** The template settings both real providers share. */
export interface SmsTemplates {
  signName: string;
  /** Template id per scene; `default` serves the scenes without their own. */
  templates: Partial<Record<CodeScene | 'default', string>>;
  /** Which of the message params the template takes, in order (Tencent's are positional). */
  paramNames: string[];
}

export function templateFor(config: SmsTemplates, message: SmsMessage): string {
  const id = (message.scene ? config.templates[message.scene] : undefined) ?? config.templates.default;
  if (!id) throw new SmsError('template', 'local', `no template for scene ${message.scene ?? '(none)'}`);
  return id;
}

export function templateValues(config: SmsTemplates, message: SmsMessage): string[] {
  return config.paramNames.map((name) => message.params[name] ?? '');
}
