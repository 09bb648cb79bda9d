import { MEMBERSHIP_KINDS } from '@xueba/contract';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { useUser } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { MembershipStatus } from '../components/membership-status';
import type { Kind } from '../components/parts';
import { PlanTable } from '../components/plan-table';
import { Segmented } from '../components/segmented';
import '../commerce.css';

const isKind = (v: string | null): v is Kind => (MEMBERSHIP_KINDS as readonly string[]).includes(v ?? '');

/**
 * `/openvip/index_copy` (and `/openvip` when the administrator picks the
 * table layout): the membership plans of a kind as one comparison table.
 * The cards, word packages and redeem codes stay a link away.
 */
export default function OpenVipTablePage() {
  const { t } = useTranslation();
  const { config, loaded, failed } = useSiteConfig();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  if (!loaded && !failed) return <PageSpinner />;
  const kind: Kind = isKind(params.get('kind')) ? (params.get('kind') as Kind) : 'academic_ai';
  const setKind = (k: Kind) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('kind', k);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="page commerce" data-testid="openvip-table-page">
      <section className="hero hero--compact hero--gold">
        <p className="hero__eyebrow">
          <CrownOutlined aria-hidden="true" /> {t('commerce.nav_openvip')}
        </p>
        <h1 className="hero__title">{t('viptable.title')}</h1>
        <p className="hero__intro">{config.member_package_status ? t('viptable.intro') : t('msg.membership_disabled')}</p>
      </section>
      {user && <MembershipStatus user={user} />}
      {config.member_package_status && (
        <section className="commerce__part">
          <Segmented<Kind> className="commerce__kinds" label={t('commerce.tab_vip')} value={kind} onChange={setKind} options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`members.kind.${k}`) }))} />
          <PlanTable kind={kind} />
        </section>
      )}
      <p className="commerce__foot commerce__foot--links">
        <LocaleLink to={`/openvip?layout=cards&kind=${kind}`} className="link-btn" data-testid="openvip-cards-link">
          {t('viptable.cards_link')}
        </LocaleLink>
        {config.recharge_package_status && (
          <LocaleLink to="/openvip?layout=cards&tab=recharge" className="link-btn">
            {t('commerce.tab_recharge')}
          </LocaleLink>
        )}
        <LocaleLink to="/openvip?layout=cards&tab=redeem" className="link-btn">
          {t('commerce.tab_redeem')}
        </LocaleLink>
        {user && (
          <LocaleLink to="/user/orders" className="link-btn">
            {t('commerce.orders_title')}
          </LocaleLink>
        )}
      </p>
    </div>
  );
}
