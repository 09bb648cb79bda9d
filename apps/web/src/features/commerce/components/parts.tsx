import { MEMBERSHIP_KINDS } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { memberPackagesQuery, rechargePackagesQuery } from '../api/packages';
import { PackageGrid } from './package-grid';
import { Segmented } from './segmented';
import { PayNotes } from './pay-notes';
import { useBuy } from './use-buy';

export type Kind = (typeof MEMBERSHIP_KINDS)[number];

/** The vip part: membership packages of one kind. */
export function VipPart({ kind, onKind, fixedKind = false }: { kind: Kind; onKind: (k: Kind) => void; fixedKind?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery(memberPackagesQuery(kind, locale));
  const { buy, checkout, notice } = useBuy();
  return (
    <section className="commerce__part" data-testid="openvip-vip">
      {/* The package cards are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="sr-only">{t(`members.kind.${kind}`)}</h2>
      {!fixedKind && <Segmented<Kind> className="commerce__kinds" label={t('commerce.tab_vip')} value={kind} onChange={onKind} options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`members.kind.${k}`) }))} />}
      {notice}
      <PackageGrid query={query} onBuy={buy} detailLink testId="member-packages" />
      <PayNotes />
      {checkout}
    </section>
  );
}

/** The recharge part: word and drawing packages. */
export function RechargePart() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery(rechargePackagesQuery(locale));
  const { buy, checkout, notice } = useBuy();
  return (
    <section className="commerce__part" data-testid="openvip-recharge">
      <h2 className="sr-only">{t('commerce.tab_recharge')}</h2>
      {notice}
      <PackageGrid query={query} onBuy={buy} testId="recharge-packages" />
      <PayNotes />
      {checkout}
    </section>
  );
}

