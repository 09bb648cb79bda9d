import type { Package } from '@xueba/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PackageCard } from './package-card';

/** A list of packages with its loading, failure and empty states; `onBuy` null: no buy buttons (no online payment). */
export function PackageGrid({ query, onBuy, detailLink, testId }: { query: UseQueryResult<{ lists: Package[] }>; onBuy: ((pkg: Package) => void) | null; detailLink?: boolean; testId: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="pkg-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="pkg-card pkg-card--skeleton" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="callout callout--warning" role="alert">
        {query.error.message || t('commerce.load_failed')}{' '}
        <button type="button" className="link-btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (query.data.lists.length === 0) return <p className="muted">{t('commerce.empty')}</p>;
  return (
    <div className="pkg-grid" data-testid={testId}>
      {query.data.lists.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} onBuy={onBuy} detailLink={detailLink} />
      ))}
    </div>
  );
}
