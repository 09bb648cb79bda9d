/** What a one-time code becomes wherever a message is kept or shown to someone else. */
export const CODE_MASK = '••••••';

/**
 * The text with every occurrence of `secret` masked. Verification codes are
 * as good as a password for five minutes: the outbox (read by administrators)
 * and a production log keep only the masked text.
 */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join(CODE_MASK) : text;
}

/**
 * The server log as the log-only mail and SMS transports write to it: codes
 * shown for a developer without SMTP, masked when `revealSecrets` is false
 * (production).
 */
export class MessageLog {
  constructor(
    private readonly write: (line: string) => void,
    private readonly revealSecrets: boolean,
  ) {}

  message(text: string, secret: string | undefined): void {
    this.write(this.revealSecrets ? text : redact(text, secret));
  }
}
