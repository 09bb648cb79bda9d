import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useUser } from '@/lib/auth';
import { FeatureGate } from '../components/feature-gate';
import { MembershipStatus } from '../components/membership-status';
import { RechargePart } from '../components/parts';
import '../commerce.css';

/** `/recharge`: the word packages of spec §3 with drawing times, gifts and the recommended one. */
export default function RechargePage() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <FeatureGate flag="recharge_package_status">
      <div className="page commerce" data-testid="recharge-page">
        <section className="hero hero--compact">
          <p className="hero__eyebrow">
            <ThunderboltOutlined aria-hidden="true" /> {t('commerce.tab_recharge')}
          </p>
          <h1 className="hero__title">{t('commerce.recharge_title')}</h1>
          <p className="hero__intro">{t('commerce.recharge_intro')}</p>
        </section>
        {user && <MembershipStatus user={user} />}
        <RechargePart />
        <p className="commerce__foot">
          <LocaleLink to="/redeem_code" className="link-btn">
            {t('commerce.redeem_title')}
          </LocaleLink>
          {user && (
            <LocaleLink to="/user/orders" className="link-btn">
              {t('commerce.orders_title')}
            </LocaleLink>
          )}
        </p>
      </div>
    </FeatureGate>
  );
}
