import type { UserInfo } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Balances } from '@/components/balances';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';

/** The buyer's memberships per kind and balances, so the effect of a purchase is visible where it was made. */
export function MembershipStatus({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="card vip-status" data-testid="vip-status">
      <div>
        <h2>{t('commerce.current_membership')}</h2>
        {user.memberships.length === 0 ? (
          <p className="muted">{t('commerce.not_member')}</p>
        ) : (
          <ul className="vip-status__list">
            {user.memberships.map((m) => {
              const level = m.level === 'bvip' ? 'B-VIP' : 'VIP';
              return (
                <li key={m.kind}>
                  <span className="kind-card__name">{t(`members.kind.${m.kind}`)}</span>{' '}
                  <span className="tag tag--gold">
                    {m.expires_at ? t('commerce.membership_until', { level, date: formatDate(m.expires_at, locale) }) : t('commerce.membership_permanent', { level })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <h2>{t('commerce.balance_title')}</h2>
        <Balances balance={user.balance} variant="compact" />
      </div>
    </section>
  );
}
