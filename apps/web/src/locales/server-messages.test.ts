import { LOCALES, MESSAGES } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { renderServerMessagesModule } from './server-messages';

describe('generated server-message tables', () => {
  it.each(LOCALES)('%s matches the contract (the Vite build regenerates it; `vitest -u` does too)', async (locale) => {
    await expect(renderServerMessagesModule(MESSAGES, locale)).toMatchFileSnapshot(`./server-messages/${locale}.gen.ts`);
  });
});
