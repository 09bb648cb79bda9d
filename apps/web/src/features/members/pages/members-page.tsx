import { MEMBERSHIP_KINDS, type UserInfo } from '@xueba/contract';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Balances } from '@/components/balances';
import { PageSpinner } from '@/components/page-spinner';
import { useLocale } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { MemberBenefits } from '../components/member-benefits';

/** Members-area home (`/pc-members`): membership per kind, balances and benefits. */
export default function MembersPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  const { config } = useSiteConfig();
  if (isLoading) return <PageSpinner />;
  return (
    <div className="page members" data-testid="members-page">
      <section className="hero hero--compact hero--gold">
        <p className="hero__eyebrow">
          <CrownOutlined aria-hidden="true" /> {t('members.eyebrow')}
        </p>
        <h1 className="hero__title">{t('members.title')}</h1>
        <p className="hero__intro">{config.member_package_status ? t('members.intro') : t('msg.membership_disabled')}</p>
        {!user && (
          <button type="button" className="btn btn--primary btn--lg" onClick={() => openLogin(LOGIN_MODE.LOGIN)}>
            {t('members.login_to_view')}
          </button>
        )}
      </section>
      {user && <MembershipTable user={user} />}
      {user && (
        <section className="section">
          <div className="section__head">
            <h2>{t('balance.title')}</h2>
          </div>
          <Balances balance={user.balance} />
        </section>
      )}
      <section className="section">
        <div className="section__head">
          <h2>{t('members.benefits_title')}</h2>
        </div>
        <MemberBenefits />
      </section>
    </div>
  );
}

function MembershipTable({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="section">
      <div className="section__head">
        <h2>{t('members.status_title')}</h2>
      </div>
      <ul className="kind-list">
        {MEMBERSHIP_KINDS.map((kind) => {
          const m = user.memberships.find((x) => x.kind === kind);
          return (
            <li key={kind} className="kind-card">
              <span className="kind-card__name">{t(`members.kind.${kind}`)}</span>
              {m ? (
                <span className="tag tag--gold">
                  {m.level === 'bvip' ? 'B-VIP' : 'VIP'} · {m.expires_at ? t('members.until', { date: formatDate(m.expires_at, locale) }) : t('members.permanent')}
                </span>
              ) : (
                <span className="tag">{t('members.not_opened')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
