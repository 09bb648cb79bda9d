import { useTranslation } from 'react-i18next';
import { LocaleLink } from './locale-link';

/** The error page of spec §8: 404 "Page Not Found: {path}", anything else "Internal Server Error". */
export function ErrorView({ status, path, detail }: { status: number; path?: string; detail?: string }) {
  const { t } = useTranslation();
  const title = status === 404 ? t('error.not_found', { path: path ?? '' }) : status === 403 ? t('error.forbidden') : t('error.internal');
  return (
    <main className="error-view" data-testid="error-page">
      <div className="error-view__code" aria-hidden="true">
        {status}
      </div>
      <h1 className="error-view__title">{title}</h1>
      {status !== 403 && <p className="muted">{status === 404 ? t('error.not_found_hint') : t('error.internal_hint')}</p>}
      {detail && <p className="error-view__detail">{detail}</p>}
      <LocaleLink className="btn btn--primary" to="/">
        {t('error.back_home')}
      </LocaleLink>
    </main>
  );
}
