import { Progress } from 'antd';
import { DOC_TYPES, type DocQuota } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Storage used of the quota, and the membership time of each document type (spec §3 "membership time"). */
export function QuotaBar({ quota }: { quota: DocQuota }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = quota.quota_bytes > 0 ? Math.min(100, Math.round((quota.used_bytes / quota.quota_bytes) * 1000) / 10) : 0;
  return (
    <section className="doc-quota" data-testid="doc-quota">
      <div className="doc-quota__storage">
        <span>{t('doc.quota.storage')}</span>
        <Progress percent={percent} size="small" status={percent >= 95 ? 'exception' : 'normal'} showInfo={false} aria-label={t('doc.quota.storage')} />
        <span className="doc-quota__figures" data-testid="doc-quota-figures">
          {formatBytes(quota.used_bytes)} / {formatBytes(quota.quota_bytes)}
        </span>
      </div>
      <ul className="doc-quota__members">
        {DOC_TYPES.map((type) => {
          const m = quota.memberships[type];
          return (
            <li key={type} data-testid={`doc-membership-${type}`} data-active={m.active}>
              <span className="doc-quota__kind">{t(`members.kind.${type}`)}</span>{' '}
              {m.active ? (
                <span className="doc-quota__time">
                  {m.level === 'bvip' ? 'B-VIP' : 'VIP'} · {m.expires_at ? t('members.until', { date: formatDate(m.expires_at, locale) }) : t('members.permanent')}
                </span>
              ) : (
                <LocaleLink to={`/doc/openvip?type=${type}`} className="doc-quota__open">
                  {m.expires_at ? t('doc.quota.expired', { date: formatDate(m.expires_at, locale) }) : t('members.not_opened')}
                </LocaleLink>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
