import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';

/** Options still loading, or not reachable: a way to try again rather than an empty page. */
export function OptionsState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed) return <PageSpinner />;
  return (
    <div className="card draw-disabled" role="alert" data-testid="draw-options-failed">
      <p>{t('draw.options_failed')}</p>
      <button type="button" className="btn btn--primary btn--sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
