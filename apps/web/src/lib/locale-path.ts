import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@xueba/contract';

/** URL prefixes in route order: '' (Chinese, the default) plus one per locale (spec §2). */
export const LOCALE_PREFIXES: readonly string[] = ['', ...LOCALES.map((l) => `/${l}`)];

/** Splits `/ja/user/info` into `{ locale: 'ja', path: '/user/info', prefixed: true }`. */
export function splitLocale(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && isLocale(match[1])) {
    const rest = pathname.slice(match[0].length) || '/';
    return { locale: match[1], path: rest, prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/', prefixed: false };
}

/** Normalised path of spec §2: the locale prefix stripped. */
export function stripLocale(pathname: string): string {
  return splitLocale(pathname).path;
}

/** Adds the prefix for a locale; Chinese stays unprefixed. Keeps query and hash. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const cut = clean.search(/[?#]/);
  const pathname = cut === -1 ? clean : clean.slice(0, cut);
  const tail = cut === -1 ? '' : clean.slice(cut);
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare + tail;
  return (bare === '/' ? `/${locale}` : `/${locale}${bare}`) + tail;
}
