import { MEMBERSHIP_KINDS } from '@xueba/contract';
import { CrownOutlined } from '@ant-design/icons';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { WithAntd } from '@/components/with-antd';
import { useUser } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { MembershipStatus } from '../components/membership-status';
import { RechargePart, VipPart, type Kind } from '../components/parts';
import { Segmented } from '../components/segmented';
import '../commerce.css';
import OpenVipTablePage from './openvip-table-page';

// antd is kept off the first screen (the JS budget): the redeem form and the
// limit pop-up use it and load, with their antd scope, only when shown.
const RedeemForm = lazy(() => import('../components/redeem-form').then((m) => ({ default: m.RedeemForm })));
const LimitPopupDialog = lazy(() => import('../components/limit-popup'));

const PARTS = ['vip', 'recharge', 'redeem'] as const;
type Part = (typeof PARTS)[number];

const isKind = (v: string | null): v is Kind => (MEMBERSHIP_KINDS as readonly string[]).includes(v ?? '');
const isPart = (v: string | null): v is Part => (PARTS as readonly string[]).includes(v ?? '');

/**
 * `/openvip`: membership packages by kind (the vip part), word packages (the
 * recharge part) and the redeem-code part; `?tab=` picks the part and
 * `?kind=` the membership kind, so every view has a link. `?limit=1` (sent by
 * the "limit reached" paths) opens the limit pop-up first.
 */
export default function OpenVipPage() {
  const { t } = useTranslation();
  const { config, loaded, failed } = useSiteConfig();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  if (!loaded && !failed) return <PageSpinner />;
  // The administrator's layout; `?layout=cards` keeps the cards (and the other parts) reachable from the table.
  if (config.openvip_layout === 'table' && params.get('layout') !== 'cards') return <OpenVipTablePage />;
  const vipOn = config.member_package_status;
  const rechargeOn = config.recharge_package_status;
  const available = PARTS.filter((p) => (p === 'vip' ? vipOn : p === 'recharge' ? rechargeOn : true));
  const requested = params.get('tab');
  const part: Part = isPart(requested) && available.includes(requested) ? requested : (available[0] ?? 'redeem');
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="page commerce" data-testid="openvip-page">
      <section className="hero hero--compact hero--gold">
        <p className="hero__eyebrow">
          <CrownOutlined aria-hidden="true" /> {t('commerce.nav_openvip')}
        </p>
        <h1 className="hero__title">{t('commerce.openvip_title')}</h1>
        <p className="hero__intro">{vipOn ? t('commerce.openvip_intro') : t('msg.membership_disabled')}</p>
      </section>
      {user && <MembershipStatus user={user} />}
      <Segmented<Part>
        className="commerce__parts"
        label={t('commerce.openvip_title')}
        value={part}
        onChange={(v) => set('tab', v)}
        options={available.map((p) => ({ value: p, label: <span data-testid={`openvip-tab-${p}`}>{t(`commerce.tab_${p}`)}</span> }))}
      />
      {part === 'vip' && <VipPart kind={isKind(params.get('kind')) ? (params.get('kind') as Kind) : 'academic_ai'} onKind={(k) => set('kind', k)} />}
      {part === 'recharge' && <RechargePart />}
      {part === 'redeem' && (
        <section className="card commerce__redeem">
          <h2>{t('commerce.redeem_title')}</h2>
          <p className="muted">{t('commerce.redeem_intro')}</p>
          <WithAntd fallback={<div className="redeem-form" aria-busy="true" />}>
            <RedeemForm />
          </WithAntd>
        </section>
      )}
      {user && (
        <p className="commerce__foot">
          <LocaleLink to="/user/orders" className="link-btn" data-testid="openvip-orders">
            {t('commerce.orders_title')}
          </LocaleLink>
        </p>
      )}
      <LimitPopup open={params.get('limit') === '1'} onClose={() => set('limit', null)} onTab={(p) => set('tab', p)} vipOn={vipOn} rechargeOn={rechargeOn} />
    </div>
  );
}

/** The limit pop-up, loaded the first time it opens and kept mounted after, so closing still animates. */
function LimitPopup({ open, onClose, onTab, vipOn, rechargeOn }: { open: boolean; onClose: () => void; onTab: (p: Part) => void; vipOn: boolean; rechargeOn: boolean }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <WithAntd fallback={null}>
      <LimitPopupDialog open={open} onClose={onClose} onGo={onTab} vipOn={vipOn} rechargeOn={rechargeOn} />
    </WithAntd>
  );
}
