import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isSignedIn } from '@/lib/auth';
import { t } from '@/lib/i18n';
import { localizePath, splitLocale } from '@/lib/locale-path';
import { toast } from '@/lib/notify';
import { openLogin, userStore } from '@/stores/user-store';
import { lastShownPage } from './nav-memory';

/**
 * Sign-in guard of spec §2/§6. A signed-out visitor who came from a guarded
 * page (or arrived directly) is sent to the root; one who came from an open
 * page stays there and gets the login popup. Either way the popup opens and,
 * after signing in, the visitor continues to the page they asked for.
 */
export function guardLoader({ request }: LoaderFunctionArgs): null {
  if (isSignedIn()) return null;
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  const { locale } = splitLocale(url.pathname);
  const from = lastShownPage();
  userStore.set({ href: wanted });
  openLogin();
  toast.warning(t('msg.login_required'));
  if (!from || from.guarded) throw redirect(localizePath('/', locale));
  throw redirect(from.href);
}
