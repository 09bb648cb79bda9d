import { isLocale } from '@xueba/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useLocale } from '@/hooks/use-locale';
import { localizePath } from '@/lib/locale-path';
import { safeInternalPath } from '@/lib/safe-navigate';

/**
 * `/{lang}/lang/redirect?redirect=/path` sends the visitor to /path in that
 * language (an optional `lang` query overrides the prefix). Only in-site
 * paths are followed: anything else lands on the home page.
 */
export default function LangRedirectPage() {
  const { t } = useTranslation();
  const prefixLocale = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryLang = params.get('lang');
  const locale = isLocale(queryLang) ? queryLang : prefixLocale;
  const target = localizePath(safeInternalPath(params.get('redirect'), '/'), locale);

  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);

  return <PageSpinner label={t('lang.redirecting')} />;
}
