import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@xueba/contract';
import { zh } from '@/locales/zh';
import type { LocaleMessages } from '@/locales/types';
import { COOKIE, LOCALE_COOKIE_MS, setCookie } from './cookies';

/** Chinese ships with the first screen (it is the default); other languages load on demand. */
const loaders: Record<Exclude<Locale, 'zh'>, () => Promise<LocaleMessages>> = {
  en: () => import('@/locales/en').then((m) => m.en),
  ja: () => import('@/locales/ja').then((m) => m.ja),
  ko: () => import('@/locales/ko').then((m) => m.ko),
};

export const HTML_LANG: Record<Locale, string> = { zh: 'zh-CN', en: 'en', ja: 'ja', ko: 'ko' };

let ready: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  ready ??= i18next.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    resources: { zh: { translation: zh } },
    fallbackLng: false,
    // React escapes output already; double escaping would show &amp; in the UI.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return ready;
}

async function ensureBundle(locale: Locale): Promise<void> {
  if (locale === 'zh' || i18next.hasResourceBundle(locale, 'translation')) return;
  const messages = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', messages, true, true);
}

/** Switches the UI language; the locale cookie remembers the choice for 365 days (spec §9). */
export async function setLocale(locale: Locale): Promise<void> {
  await initI18n();
  await ensureBundle(locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  setCookie(COOKIE.locale, locale, LOCALE_COOKIE_MS);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[locale];
}

export function currentLocale(): Locale {
  const lang = i18next.language;
  return lang === 'en' || lang === 'ja' || lang === 'ko' ? lang : 'zh';
}

export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options);
