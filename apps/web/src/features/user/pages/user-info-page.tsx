import { useTranslation } from 'react-i18next';
import { Balances } from '@/components/balances';
import { PageSpinner } from '@/components/page-spinner';
import { useUser } from '@/lib/auth';
import { AccountDetails } from '../components/account-details';
import { ChangePasswordForm } from '../components/change-password-form';
import { LedgerList } from '../components/ledger-list';
import { ProfileCard } from '../components/profile-card';

/** `/user/info`: profile, account details, balances, password and balance history. */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <div className="page user-info" data-testid="user-info-page">
      <ProfileCard user={user} />
      <div className="grid-2">
        <section className="card">
          <h2>{t('user.account')}</h2>
          <AccountDetails user={user} />
        </section>
        <section className="card">
          <h2>{t('balance.title')}</h2>
          <Balances balance={user.balance} />
        </section>
      </div>
      <div className="grid-2">
        <section className="card">
          <h2>{user.has_password ? t('user.change_password') : t('user.set_password')}</h2>
          <ChangePasswordForm hasPassword={user.has_password} />
        </section>
        <section className="card">
          <h2>{t('user.ledger')}</h2>
          <LedgerList />
        </section>
      </div>
    </div>
  );
}
