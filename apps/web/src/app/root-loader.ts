import { redirect, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCALE, isLocale } from '@xueba/contract';
import { COOKIE, getCookie } from '@/lib/cookies';
import { ensureUser } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { localizePath, splitLocale } from '@/lib/locale-path';
import { queryClient } from '@/lib/query-client';
import { configIsForOtherLocale, configQuery } from '@/lib/site-config';
import { bindShareIfPending, runStartup } from './startup';

let firstRun = true;

/**
 * The language a visitor chose is kept (the locale cookie, 365 days, spec §9):
 * an unprefixed path, which would mean Chinese, is sent to the same page in the
 * remembered language. `/lang/redirect` is the one unprefixed path that is
 * itself the choice of Chinese, so it is never redirected.
 */
export function rememberedLocaleRedirect(url: URL, prefixed: boolean): string | null {
  if (prefixed || url.pathname === '/lang/redirect') return null;
  const saved = getCookie(COOKIE.locale);
  if (!isLocale(saved) || saved === DEFAULT_LOCALE) return null;
  return localizePath(url.pathname + url.search, saved);
}

/**
 * Runs before every navigation (spec §4): the language of the URL prefix is
 * loaded, the config is fetched if missing and the user if a token exists
 * without user info. A config failure is tolerated: the shell renders defaults.
 */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const isFirst = firstRun;
  firstRun = false;
  const attribution = isFirst ? runStartup(url) : null;
  const { locale, prefixed } = splitLocale(url.pathname);
  const remembered = rememberedLocaleRedirect(url, prefixed);
  if (remembered) throw redirect(remembered);
  // The config is answered in the request's language, so the language is set first.
  const config = setLocale(locale).then(() =>
    (configIsForOtherLocale() ? queryClient.fetchQuery(configQuery) : queryClient.ensureQueryData(configQuery)).catch(() => null),
  );
  const [, user] = await Promise.all([config, ensureUser()]);
  if (attribution?.share_id && user) bindShareIfPending(attribution);
  return null;
}
