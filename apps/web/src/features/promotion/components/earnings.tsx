import type { PromotionSummary } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatMoney } from '@/lib/format';

/** Earnings of a promoter: pending, settled, withdrawn, on hold and withdrawable, plus people brought. */
export function Earnings({ summary }: { summary: PromotionSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const items = [
    { key: 'available', label: t('promotion.available'), value: formatMoney(summary.available, locale), strong: true },
    { key: 'pending', label: t('promotion.pending'), value: formatMoney(summary.pending, locale) },
    { key: 'settled', label: t('promotion.settled'), value: formatMoney(summary.settled, locale) },
    { key: 'held', label: t('promotion.held'), value: formatMoney(summary.held, locale) },
    { key: 'withdrawn', label: t('promotion.withdrawn'), value: formatMoney(summary.withdrawn, locale) },
    { key: 'invitees', label: t('promotion.people'), value: formatCount(summary.invitee_count, locale) },
  ];
  return (
    <dl className="earnings" data-testid="earnings">
      {items.map((item) => (
        <div key={item.key} className={item.strong ? 'earnings__item earnings__item--main' : 'earnings__item'} data-testid={`earnings-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
