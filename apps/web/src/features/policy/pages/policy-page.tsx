import { POLICY_TYPES, type PolicyType } from '@xueba/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageSpinner } from '@/components/page-spinner';
import { SanitizedHtml } from '@/components/sanitized-html';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { usePolicy } from '../api/get-policy';
import { withoutLeadingTitle } from '../lib/leading-title';

function isPolicyType(value: string | undefined): value is PolicyType {
  return (POLICY_TYPES as readonly string[]).includes(value ?? '');
}

export default function PolicyPage() {
  const { type } = useParams();
  const { pathname } = useLocation();
  if (!isPolicyType(type)) return <ErrorView status={404} path={pathname} />;
  return <Policy type={type} />;
}

function Policy({ type }: { type: PolicyType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const policy = usePolicy(type, locale);
  const title = policy.data?.title || t(`policy.${type}`);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (policy.isPending) return <PageSpinner />;
  return (
    <article className="policy" data-testid="policy-page">
      <h1>{title}</h1>
      {policy.isError ? (
        <div className="callout callout--warning">
          <p>{t('policy.load_failed')}</p>
          <button type="button" className="btn" onClick={() => void policy.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          {policy.data.updated_at && <p className="muted small">{t('policy.updated', { date: formatDate(policy.data.updated_at, locale) })}</p>}
          {policy.data.content ? <SanitizedHtml className="rich-text" html={withoutLeadingTitle(policy.data.content, title)} /> : <p className="muted">{t('policy.empty')}</p>}
        </>
      )}
    </article>
  );
}
