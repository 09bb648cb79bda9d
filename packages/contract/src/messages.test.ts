import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from './messages.js';
import { LOCALES, pickLocale } from './locales.js';

describe('server message table', () => {
  it('has every key in every locale, non-empty, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
      const reference = placeholders(texts.en);
      for (const locale of LOCALES) {
        const text = (texts as Record<string, string | undefined>)[locale];
        expect(text, `${key}.${locale}`).toBeTruthy();
        expect(placeholders(text ?? ''), `${key}.${locale} placeholders`).toBe(reference);
      }
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('account_locked', 'en', { minutes: 15 })).toBe('Too many wrong passwords, try again in 15 minutes');
    expect(formatMessage('account_locked', 'zh')).toContain('{minutes}');
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['ja', 'ja'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,ko;q=0.5,en;q=0.4', 'ko'],
    ['de', 'zh'],
    ['en;q=0,ja;q=0.1', 'ja'],
  ])('%s → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});
