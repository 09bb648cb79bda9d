import type { Package } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatMoney } from '@/lib/format';
import { memberPackagesQuery } from '../api/packages';
import { packageBenefits } from './package-benefits';
import { useValidityLabel, useWordLabel } from './package-card';
import { PayNotes } from './pay-notes';
import type { Kind } from './parts';
import { useBuy } from './use-buy';

interface Row {
  key: string;
  label: string;
  cell: (pkg: Package) => ReactNode;
}

/**
 * The membership plans of one kind side by side: plans as columns, what
 * they give as rows, and the buy buttons (the same order flow as the cards).
 * Every text is the administrator's, rendered as text.
 */
export function PlanTable({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useQuery(memberPackagesQuery(kind, locale));
  const { buy, checkout, notice } = useBuy();
  const validity = useValidityLabel();
  const wordLabel = useWordLabel();
  const none = t('viptable.no');
  const count = (n: number) => (n > 0 ? formatCount(n, locale) : none);

  if (query.isPending) return <div className="plan-table plan-table--skeleton" aria-busy="true" />;
  if (query.isError) {
    return (
      <div className="callout callout--warning" role="alert">
        {query.error.message || t('commerce.load_failed')}{' '}
        <button type="button" className="link-btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const plans = query.data.lists;
  if (plans.length === 0) return <p className="muted">{t('viptable.empty')}</p>;

  const rows: Row[] = [
    {
      key: 'price',
      label: t('viptable.price'),
      cell: (p) => (
        <span className="plan-table__price">
          <strong>{formatMoney(p.price, locale)}</strong>
          {p.original_price > p.price && (
            <s className="muted small">
              <span className="sr-only">{t('viptable.original')}</span>
              {formatMoney(p.original_price, locale)}
            </s>
          )}
        </span>
      ),
    },
    { key: 'level', label: t('viptable.level'), cell: (p) => (p.level ? (p.level === 'bvip' ? 'B-VIP' : 'VIP') : none) },
    { key: 'validity', label: t('viptable.validity'), cell: (p) => validity(p) || none },
    { key: 'words', label: t('viptable.words'), cell: (p) => (p.word_count > 0 ? wordLabel(p) : none) },
    { key: 'conversations', label: t('viptable.conversations'), cell: (p) => count(p.conversation_count) },
    { key: 'drawings', label: t('viptable.drawings'), cell: (p) => count(p.drawing_count) },
    {
      key: 'gifts',
      label: t('viptable.gifts'),
      cell: (p) => {
        const gifts = [
          p.gift_conversation_count > 0 && t('commerce.conversations', { count: formatCount(p.gift_conversation_count, locale) }),
          p.gift_word_count > 0 && t('commerce.words', { count: formatCount(p.gift_word_count, locale) }),
          p.gift_drawing_count > 0 && t('commerce.drawings', { count: formatCount(p.gift_drawing_count, locale) }),
        ].filter((x): x is string => Boolean(x));
        return gifts.length > 0 ? gifts.join(' · ') : none;
      },
    },
    {
      key: 'benefits',
      label: t('viptable.benefits'),
      cell: (p) => {
        const list = packageBenefits(p, (type, n) => (type === 3 ? t('commerce.words', { count: formatCount(n, locale) }) : type === 4 ? t('commerce.drawings', { count: formatCount(n, locale) }) : formatCount(n, locale))).filter(
          (b) => b.text.trim() !== '',
        );
        return list.length > 0 ? (
          <ul className="plan-table__list">
            {list.map((b, i) => (
              <li key={i}>{b.text}</li>
            ))}
          </ul>
        ) : (
          none
        );
      },
    },
    { key: 'invoice', label: t('viptable.invoice'), cell: (p) => (p.invoice ? t('viptable.yes') : none) },
  ];

  return (
    <>
      {notice}
      <div className="plan-table__scroll">
        <table className="plan-table" data-testid="plan-table">
          <thead>
            <tr>
              <th scope="col">{t('viptable.feature')}</th>
              {plans.map((p) => (
                <th key={p.id} scope="col" className={p.recommended ? 'is-recommended' : undefined} data-testid={`plan-col-${p.id}`}>
                  {p.recommended && <span className="pkg-card__badge plan-table__badge">{t('commerce.recommended')}</span>}
                  <span className="plan-table__name">{p.name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`plan-row-${row.key}`}>
                <th scope="row">{row.label}</th>
                {plans.map((p) => (
                  <td key={p.id} className={p.recommended ? 'is-recommended' : undefined}>
                    {row.cell(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {buy && (
            <tfoot>
              <tr>
                <th scope="row" />
                {plans.map((p) => (
                  <td key={p.id} className={p.recommended ? 'is-recommended' : undefined}>
                    <button type="button" className={`btn btn--block ${p.recommended ? 'btn--primary' : 'btn--outline'}`} onClick={() => buy(p)} data-testid={`buy-${p.id}`}>
                      {t('commerce.buy')}
                    </button>
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <PayNotes />
      {checkout}
    </>
  );
}
