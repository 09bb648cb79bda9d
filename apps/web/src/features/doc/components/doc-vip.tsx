import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { DOC_TYPES } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { activeMembership } from '../hooks/use-doc-access';

/**
 * The document-membership entry: the state of each reading membership and
 * the way to the purchase page (/openvip, the commerce pages). Buying itself
 * happens there.
 */
export function DocVip({ highlight }: { highlight?: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useUser();
  return (
    <div className="doc-vip" data-testid="doc-vip">
      <header className="doc-vip__head">
        <CrownOutlined className="doc-vip__icon" aria-hidden="true" />
        <div>
          <h1>{t('doc.vip.title')}</h1>
          <p>{t('doc.vip.intro')}</p>
        </div>
      </header>
      <ul className="doc-vip__cards">
        {DOC_TYPES.map((type) => {
          const active = activeMembership(user, type);
          const past = user?.memberships.find((m) => m.kind === type);
          return (
            <li key={type} className={`doc-vip__card${highlight === type ? ' is-highlight' : ''}${active ? ' is-active' : ''}`} data-testid={`doc-vip-${type}`} data-active={active !== null}>
              <h2>{t(`members.kind.${type}`)}</h2>
              <p className="doc-vip__what">{t(`doc.vip.what_${type}`)}</p>
              <p className="doc-vip__state" data-testid={`doc-vip-state-${type}`}>
                {active ? (
                  <>
                    <CheckCircleFilled aria-hidden="true" /> {active.level === 'bvip' ? 'B-VIP' : 'VIP'} ·{' '}
                    {active.expires_at ? t('members.until', { date: formatDate(active.expires_at, locale) }) : t('members.permanent')}
                  </>
                ) : past?.expires_at ? (
                  t('doc.quota.expired', { date: formatDate(past.expires_at, locale) })
                ) : (
                  t('members.not_opened')
                )}
              </p>
              <ul className="doc-vip__benefits">
                <li>{t('doc.vip.benefit_upload')}</li>
                <li>{t('doc.vip.benefit_cite')}</li>
                <li>{t('doc.vip.benefit_multi')}</li>
              </ul>
              <LocaleLink to={`/openvip?kind=${type}`} className={`btn ${active ? 'btn--outline' : 'btn--primary'} btn--block`} data-testid={`doc-vip-buy-${type}`}>
                {active ? t('doc.vip.renew') : t('doc.vip.open')}
              </LocaleLink>
            </li>
          );
        })}
      </ul>
      {!user && <p className="doc-vip__login">{t('members.login_to_view')}</p>}
    </div>
  );
}
