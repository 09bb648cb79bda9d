import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useLocale } from '@/hooks/use-locale';
import { signIn } from '@/lib/auth';
import { COOKIE, getCookie } from '@/lib/cookies';
import { localizePath } from '@/lib/locale-path';
import { toast } from '@/lib/notify';
import { safeInternalPath } from '@/lib/safe-navigate';

/**
 * Landing page after a third-party sign-in: the server has set the `token`
 * cookie and sent the browser here with `redirect`. We adopt the token, load
 * the user and continue; a missing token or an `error` parameter means it failed.
 */
export default function LangGooglePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const target = localizePath(safeInternalPath(params.get('redirect'), '/'), locale);
  const failed = params.get('error');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getCookie(COOKIE.token);
    if (failed || !token) {
      // The server names the failure; anything else is a generic failure.
      const named = ['account_disabled', 'oauth_not_configured', 'oauth_other_browser'];
      const key = failed && named.includes(failed) ? failed : 'oauth_failed';
      toast.error(t(`msg.${key}`));
      void navigate(target, { replace: true });
      return;
    }
    void signIn(token).then((user) => {
      if (user) toast.success(t('msg.login_success'));
      else toast.error(t('msg.oauth_failed'));
      void navigate(target, { replace: true });
    });
  }, [failed, navigate, t, target]);

  return <PageSpinner label={t('lang.signing_in')} />;
}
