import '../webview.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/**
 * What the frame may do: run the page's own scripts and forms, in its own
 * origin; never navigate this app (no allow-top-navigation), and popups open
 * unsandboxed in a new tab. Off-list navigations inside it are stopped by the
 * CSP `frame-src`, built from the same allow-list.
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Only an https URL is even asked about: anything else is refused here, never sent or loaded. */
function looksHttps(raw: string): boolean {
  try {
    return new URL(raw.trim()).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An external page in a sandboxed frame, shown only when the server says its
 * host is on the administrator's allow-list (spec §8: anything else is refused
 * and never loaded).
 */
export function WebviewFrame({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('url') ?? '';
  const candidate = looksHttps(raw);
  const check = useQuery({
    queryKey: ['webview', 'check', raw],
    queryFn: ({ signal }) => request(api.webviewCheck, { url: raw }, { signal, silent: true }),
    enabled: candidate,
    retry: false,
    staleTime: 60_000,
  });
  const className = `webview${full ? ' webview--full' : ''}`;
  if (candidate && check.isPending) return <PageSpinner />;
  if (!candidate || check.isError || !check.data) {
    return (
      <div className={className}>
        <div className="webview__refused" role="alert" data-testid="webview-refused">
          <h1>{t('msg.webview_refused')}</h1>
          <p className="muted">{t('webview.refused_hint')}</p>
          {raw && <code>{raw.slice(0, 300)}</code>}
          <p>
            <LocaleLink to="/" className="btn btn--primary">
              {t('webview.back_home')}
            </LocaleLink>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className={className}>
      <iframe className="webview__frame" src={check.data.url} sandbox={SANDBOX} referrerPolicy="no-referrer" title={t('webview.title')} data-testid="webview-frame" />
    </div>
  );
}
