import { MESSAGES, type Locale, type MessageKey } from '@xueba/contract';

/**
 * The server-message table of spec §8, shared with the server through the
 * contract, converted to i18next placeholders (`{name}` → `{{name}}`).
 */
export function serverMessages(locale: Locale): Record<MessageKey, string> {
  const out = {} as Record<MessageKey, string>;
  for (const key of Object.keys(MESSAGES) as MessageKey[]) {
    out[key] = MESSAGES[key][locale].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return out;
}
