import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { ledgerReasonText } from '@/lib/ledger-reason';
import { ledgerQuery } from '../api/profile';

const PAGE_SIZE = 10;

/** Balance history from the append-only ledger, newest first. */
export function LedgerList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const ledger = useQuery(ledgerQuery(page, PAGE_SIZE));
  const reasonText = (reason: string) => ledgerReasonText(t, reason);

  if (ledger.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (ledger.isError) return <p className="muted">{t('user.ledger_failed')}</p>;
  const { lists, count } = ledger.data;
  if (count === 0) return <p className="muted">{t('user.ledger_empty')}</p>;
  return (
    <>
      <ul className="ledger" data-testid="ledger">
        {lists.map((row) => {
          const money = row.asset === 'session_balance';
          const amount = money ? formatMoney(Math.abs(row.delta), locale) : formatCount(Math.abs(row.delta), locale);
          const after = money ? formatMoney(row.balance_after, locale) : formatCount(row.balance_after, locale);
          return (
            <li key={row.id} className="ledger__row">
              <div>
                <strong>{t(`balance.${row.asset}`, { defaultValue: t(`ledgertext.asset.${row.asset}`, { defaultValue: row.asset }) })}</strong>
                <span className="muted small">{reasonText(row.reason)}</span>
              </div>
              <div className="ledger__amount">
                <span className={row.delta >= 0 ? 'plus' : 'minus'}>
                  {row.delta >= 0 ? '+' : '−'}
                  {amount}
                </span>
                <span className="muted small">
                  {t('user.balance_after', { value: after })} · {formatDate(row.create_time, locale, true)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager page={page} total={count} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}
