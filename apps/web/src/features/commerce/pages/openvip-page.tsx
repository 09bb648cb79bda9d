import { MEMBERSHIP_KINDS } from '@xueba/contract';
import { CrownOutlined } from '@ant-design/icons';
import { Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { useUser } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { MembershipStatus } from '../components/membership-status';
import { RechargePart, VipPart, type Kind } from '../components/parts';
import { RedeemForm } from '../components/redeem-form';
import '../commerce.css';

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
          <RedeemForm />
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

/** The limit pop-up: the free allowance is used up; the ways on (membership, words, a code). */
function LimitPopup({ open, onClose, onTab, vipOn, rechargeOn }: { open: boolean; onClose: () => void; onTab: (p: Part) => void; vipOn: boolean; rechargeOn: boolean }) {
  const { t } = useTranslation();
  const go = (p: Part) => {
    onTab(p);
    onClose();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('commerce.limit_title')} width={420} centered destroyOnHidden>
      <div data-testid="limit-popup">
        <p>{t('commerce.limit_text')}</p>
        <div className="modal-actions commerce__actions">
          {vipOn && (
            <button type="button" className="btn btn--primary" onClick={() => go('vip')}>
              {t('commerce.open_vip')}
            </button>
          )}
          {rechargeOn && (
            <button type="button" className="btn btn--outline" onClick={() => go('recharge')}>
              {t('commerce.top_up')}
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => go('redeem')}>
            {t('commerce.tab_redeem')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
