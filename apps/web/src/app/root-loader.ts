import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isLocale } from '@xueba/contract';
import { COOKIE, getCookie } from '@/lib/cookies';
import { ensureUser } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { splitLocale } from '@/lib/locale-path';
import { queryClient } from '@/lib/query-client';
import { configIsForOtherLocale, configQuery } from '@/lib/site-config';
import { bindShareIfPending, runStartup } from './startup';

let firstRun = true;

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
  if (isFirst && url.pathname === '/') {
    // Like Nuxt i18n's root redirect: a returning visitor who chose another language lands in it.
    const saved = getCookie(COOKIE.locale);
    if (isLocale(saved) && saved !== 'zh') throw redirect(`/${saved}${url.search}`);
  }
  const { locale } = splitLocale(url.pathname);
  // The config is answered in the request's language, so the language is set first.
  const config = setLocale(locale).then(() =>
    (configIsForOtherLocale() ? queryClient.fetchQuery(configQuery) : queryClient.ensureQueryData(configQuery)).catch(() => null),
  );
  const [, user] = await Promise.all([config, ensureUser()]);
  if (attribution?.share_id && user) bindShareIfPending(attribution);
  return null;
}
