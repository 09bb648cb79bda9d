import { useTranslation } from 'react-i18next';
import { isRequestError } from '@/lib/request';

/** A failed search in place: the server's message (in the reader's language) and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = isRequestError(error) && error.message ? error.message : t('errors.server_error');
  return (
    <div className="callout callout--warning paper-error" role="alert" data-testid="paper-error">
      <p>{message}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
