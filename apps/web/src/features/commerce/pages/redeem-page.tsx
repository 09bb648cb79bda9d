import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Balances } from '@/components/balances';
import { useUser } from '@/lib/auth';
import { RedeemForm } from '../components/redeem-form';
import '../commerce.css';

/** `/redeem_code`: redeem a card code; the balances below rise as soon as it succeeds. */
export default function RedeemPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <div className="page commerce commerce--narrow" data-testid="redeem-page">
      <section className="card commerce__redeem">
        <h1 className="commerce__title">
          <GiftOutlined aria-hidden="true" /> {t('commerce.redeem_title')}
        </h1>
        <p className="muted">{t('commerce.redeem_intro')}</p>
        <RedeemForm />
      </section>
      {user && (
        <section className="card">
          <h2>{t('commerce.balance_title')}</h2>
          <Balances balance={user.balance} />
        </section>
      )}
    </div>
  );
}
