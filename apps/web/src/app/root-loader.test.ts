import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE, setCookie } from '@/lib/cookies';
import { rememberedLocaleRedirect } from './root-loader';

const at = (path: string) => new URL(path, 'http://localhost');

describe('rememberedLocaleRedirect', () => {
  afterEach(() => setCookie(COOKIE.locale, '', -1));

  it('sends an unprefixed path to the remembered language, keeping the query', () => {
    setCookie(COOKIE.locale, 'en', 60_000);
    expect(rememberedLocaleRedirect(at('/chat?id=3'), false)).toBe('/en/chat?id=3');
    expect(rememberedLocaleRedirect(at('/'), false)).toBe('/en');
  });

  it('leaves prefixed paths, Chinese, no choice, and the choice of Chinese itself alone', () => {
    setCookie(COOKIE.locale, 'ja', 60_000);
    expect(rememberedLocaleRedirect(at('/ko/chat'), true)).toBeNull();
    expect(rememberedLocaleRedirect(at('/lang/redirect?redirect=/chat'), false)).toBeNull();
    setCookie(COOKIE.locale, 'zh', 60_000);
    expect(rememberedLocaleRedirect(at('/chat'), false)).toBeNull();
    setCookie(COOKIE.locale, '', -1);
    expect(rememberedLocaleRedirect(at('/chat'), false)).toBeNull();
  });
});
