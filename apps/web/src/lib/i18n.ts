import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from '@xueba/contract';
import { zh } from '@/locales/zh';
import type { LocaleMessages } from '@/locales/types';
import { GROUP_LOADERS, groupOf, type MessageGroup } from '@/locales/groups';
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
    // A key of a group no page asked for yet (a component outside its feature's
    // pages): load the group; components re-render when it is added.
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => {
      const group = groupOf(key);
      if (!group) return;
      if (import.meta.env.DEV) console.warn(`i18n: "${key}" was shown before its message group "${group}" loaded; list the group in the route's messages`);
      // A chunk that fails to load is asked for again by the next use of one of its keys.
      loadMessageGroups([group]).catch(() => undefined);
    },
    react: { bindI18nStore: 'added' },
  });
  return ready;
}

/** Groups asked for so far: a language switch loads them in the new language too. */
const wanted = new Set<MessageGroup>();
const loading = new Map<string, Promise<void>>();

function loadGroup(locale: Locale, group: MessageGroup): Promise<void> {
  const id = `${locale}:${group}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = GROUP_LOADERS[group][locale]().then(
      (messages) => void i18next.addResourceBundle(locale, 'translation', messages, true, true),
      (error: unknown) => {
        // A failed chunk (offline, a deploy) may be asked for again.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/** Loads feature message groups in the current language (pages await theirs before they render). */
export async function loadMessageGroups(groups: readonly MessageGroup[] | undefined): Promise<void> {
  if (!groups || groups.length === 0) return;
  for (const group of groups) wanted.add(group);
  await initI18n();
  await Promise.all(groups.map((group) => loadGroup(currentLocale(), group)));
}

/** Wraps a lazy import so the module renders with its message groups loaded (lazy panels outside the route table). */
export function withMessages<T>(groups: readonly MessageGroup[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessageGroups(groups)]).then(([module]) => module);
}

async function ensureBundle(locale: Locale): Promise<void> {
  if (locale === 'zh' || i18next.hasResourceBundle(locale, 'translation')) return;
  const messages = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', messages, true, true);
}

/** Switches the UI language; the locale cookie remembers the choice for 365 days (spec §9). */
export async function setLocale(locale: Locale): Promise<void> {
  await initI18n();
  await Promise.all([ensureBundle(locale), ...[...wanted].map((group) => loadGroup(locale, group))]);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  setCookie(COOKIE.locale, locale, LOCALE_COOKIE_MS);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[locale];
}

export function currentLocale(): Locale {
  const lang = i18next.language;
  return lang === 'en' || lang === 'ja' || lang === 'ko' ? lang : 'zh';
}

export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options);
