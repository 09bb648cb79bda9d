import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { ordersQuery } from '../api/orders';
import { OrderActions } from '../components/order-actions';
import '../commerce.css';

const PAGE_SIZE = 10;

/** `/user/orders` (user centre): the user's orders, newest first, with their payment state. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...ordersQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  return (
    <div className="page commerce" data-testid="orders-page">
      <section className="card">
        <div className="section__head">
          <h1 className="commerce__title">{t('commerce.orders_title')}</h1>
          <LocaleLink to="/openvip" className="link-btn">
            {t('commerce.nav_openvip')}
          </LocaleLink>
        </div>
        {orders.isPending ? (
          <p className="muted">{t('common.loading')}</p>
        ) : orders.isError ? (
          <p className="muted">
            {t('commerce.orders_failed')}{' '}
            <button type="button" className="link-btn" onClick={() => void orders.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : orders.data.count === 0 ? (
          <p className="muted">{t('commerce.orders_empty')}</p>
        ) : (
          <>
            <ul className="order-list" data-testid="order-list">
              {orders.data.lists.map((o) => (
                <li key={o.order_no} className="order-row" data-testid="order-row">
                  <div className="order-row__main">
                    <strong>{o.package_name}</strong>
                    <span className="muted small mono">
                      {t('commerce.order_no')} {o.order_no}
                    </span>
                  </div>
                  <div className="order-row__side">
                    <strong>{formatMoney(o.amount, locale)}</strong>
                    <span className={`tag order-status order-status--${o.status}`} data-testid="order-status">
                      {t(`commerce.status_${o.status}`)}
                    </span>
                    {o.status === 'created' && <OrderActions order={o} />}
                    <span className="muted small">
                      <span className={o.gateway === 'sandbox' ? 'order-gateway--sandbox' : undefined} data-testid="order-gateway">
                        {t(`commerce.gateway_${o.gateway}`)}
                      </span>{' '}
                      · {formatDate(o.create_time, locale, true)}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} total={orders.data.count} pageSize={PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
