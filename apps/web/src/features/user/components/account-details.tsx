import type { UserInfo } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '@/hooks/use-narrow';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';

function MembershipStatus({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (user.is_member !== 1 || user.member_level === 'none') return <span className="tag">{t('members.not_opened')}</span>;
  const best = user.memberships.find((m) => m.level === user.member_level) ?? user.memberships[0];
  const label = user.member_level === 'bvip' ? 'B-VIP' : 'VIP';
  const until = best?.expires_at ? t('members.until', { date: formatDate(best.expires_at, locale) }) : t('members.permanent');
  return (
    <span className="tag tag--gold" data-testid="membership-status">
      {label} · {until}
    </span>
  );
}

/** User ID, phone (changeable only on narrow screens, spec §3), email, registration time, membership. */
export function AccountDetails({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const narrow = useIsNarrow();
  return (
    <dl className="details" data-testid="account-details">
      <div>
        <dt>{t('user.sn')}</dt>
        <dd data-testid="user-sn">{user.sn}</dd>
      </div>
      <div>
        <dt>{t('user.mobile')}</dt>
        <dd>
          <span data-testid="user-mobile">{user.mobile ?? t('user.not_bound')}</span>
          {narrow && (
            <button type="button" className="link-btn" onClick={() => openLogin(LOGIN_MODE.BIND_MOBILE)} data-testid="change-mobile">
              {user.mobile ? t('user.change_mobile') : t('user.bind_mobile')}
            </button>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('user.email')}</dt>
        <dd data-testid="user-email">{user.email ?? t('user.not_bound')}</dd>
      </div>
      <div>
        <dt>{t('user.registered')}</dt>
        <dd>{formatDate(user.create_time, locale, true)}</dd>
      </div>
      <div>
        <dt>{t('user.membership')}</dt>
        <dd>
          <MembershipStatus user={user} />
        </dd>
      </div>
    </dl>
  );
}
