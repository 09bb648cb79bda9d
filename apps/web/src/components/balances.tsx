import type { Balances as BalancesData } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatMoney } from '@/lib/format';

/** The four balances of spec §3, in the same order everywhere. */
export function Balances({ balance, variant = 'grid' }: { balance: BalancesData; variant?: 'grid' | 'compact' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const items = [
    { key: 'conversation_count', label: t('balance.conversation_count'), value: formatCount(balance.conversation_count, locale) },
    { key: 'drawing_count', label: t('balance.drawing_count'), value: formatCount(balance.drawing_count, locale) },
    { key: 'word_count', label: t('balance.word_count'), value: formatCount(balance.word_count, locale) },
    { key: 'session_balance', label: t('balance.session_balance'), value: formatMoney(balance.session_balance, locale) },
  ];
  return (
    <dl className={`balances balances--${variant}`} data-testid="balances">
      {items.map((item) => (
        <div className="balances__item" key={item.key} data-testid={`balance-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
