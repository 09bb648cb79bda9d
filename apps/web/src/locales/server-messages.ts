import type { Locale, MessageKey } from '@xueba/contract';

type MessageTable = Record<MessageKey, Record<Locale, string>>;

/**
 * One language of the server-message table of spec §8 (shared with the server
 * through the contract), converted to i18next placeholders (`{name}` → `{{name}}`).
 */
export function serverMessages(table: MessageTable, locale: Locale): Record<MessageKey, string> {
  const out = {} as Record<MessageKey, string>;
  for (const key of Object.keys(table) as MessageKey[]) {
    out[key] = table[key][locale].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return out;
}

/**
 * Source text of `server-messages/<locale>.gen.ts`: one language per file, so a
 * locale's bundle carries its own texts and not all four (the contract keeps
 * them in one object, which no bundler splits). Written by the Vite build
 * (vite.config.ts) and checked against the contract by a unit test.
 */
export function renderServerMessagesModule(table: MessageTable, locale: Locale): string {
  const texts = serverMessages(table, locale);
  const lines = (Object.keys(texts) as MessageKey[]).sort().map((key) => `  ${key}: ${JSON.stringify(texts[key])},`);
  return `// Generated from @xueba/contract by apps/web/vite.config.ts. Do not edit: run a web build or\n// \`npx vitest run --project web -u\` after changing the contract's messages.\nimport type { MessageKey } from '@xueba/contract';\n\nexport const messages: Record<MessageKey, string> = {\n${lines.join('\n')}\n};\n`;
}
