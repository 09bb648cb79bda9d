import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { useLocale } from '@/hooks/use-locale';
import { hasKey } from '@/lib/request';
import { packageDetailQuery } from '../api/packages';
import { PackageCard } from '../components/package-card';
import { PayNotes } from '../components/pay-notes';
import { useBuy } from '../components/use-buy';
import '../commerce.css';

/** `/openvip/:id`: one package on sale, with its full description and the buy button. */
export default function PackagePage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const numeric = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (numeric <= 0 || numeric > 2 ** 31 - 1) return <ErrorView status={404} path={pathname} />;
  return <PackageView key={numeric} id={numeric} />;
}

function PackageView({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname } = useLocation();
  const detail = useQuery(packageDetailQuery(id, locale));
  const { buy, checkout, notice } = useBuy();
  const name = detail.data?.name;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    if (hasKey(detail.error, 'package_not_found')) return <ErrorView status={404} path={pathname} />;
    return (
      <div className="page commerce commerce--narrow">
        <div className="callout callout--warning" role="alert">
          {detail.error.message}{' '}
          <button type="button" className="link-btn" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
  const pkg = detail.data;
  return (
    <div className="page commerce commerce--narrow" data-testid="package-page">
      <LocaleLink to={pkg.type === 'member' ? `/openvip?kind=${pkg.kind ?? ''}` : '/recharge'} className="link-btn">
        <ArrowLeftOutlined aria-hidden="true" /> {t('commerce.all_packages')}
      </LocaleLink>
      {notice}
      <PackageCard pkg={pkg} onBuy={buy} />
      <PayNotes />
      {checkout}
    </div>
  );
}
