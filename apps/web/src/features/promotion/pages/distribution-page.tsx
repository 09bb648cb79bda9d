import { ShareAltOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { PageSpinner } from '@/components/page-spinner';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { commissionOrdersQuery, inviteesQuery, summaryQuery } from '../api/promotion';
import { Earnings } from '../components/earnings';
import { InvitePanel } from '../components/invite-panel';
import { Poster } from '../components/poster';
import '../promotion.css';

const PAGE_SIZE = 10;

/** `/promotion/distribution`: the promoter's earnings, the people they brought, commission per order and the poster. */
export default function DistributionPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const summary = useQuery(summaryQuery);
  if (summary.isPending) return <PageSpinner />;
  if (summary.isError) return <p className="callout callout--warning">{summary.error.message}</p>;
  const s = summary.data;
  return (
    <div className="page promotion" data-testid="distribution-page">
      <section className="hero hero--compact">
        <p className="hero__eyebrow">
          <ShareAltOutlined aria-hidden="true" /> {t('promotion.distribution_title')}
        </p>
        <h1 className="hero__title">{t('promotion.distribution_heading')}</h1>
        <p className="hero__intro">
          {s.enabled ? t('promotion.distribution_intro', { percent: (s.commission_bp / 100).toLocaleString(locale), days: s.pending_days }) : t('promotion.distribution_off')}{' '}
          <LocaleLink to="/policy/distribution" className="link-btn">
            {t('promotion.policy')}
          </LocaleLink>
        </p>
      </section>
      <section className="card">
        <div className="section__head">
          <h2>{t('promotion.earnings')}</h2>
          <LocaleLink to="/promotion/withdrawal" className="btn btn--primary" data-testid="to-withdrawal">
            {t('promotion.withdraw')}
          </LocaleLink>
        </div>
        <Earnings summary={s} />
        <p className="muted small">{t('promotion.min_withdraw', { amount: formatMoney(s.min_withdraw, locale) })}</p>
      </section>
      <div className="grid-2 promotion__share">
        <section className="card">
          <h2>{t('promotion.invite_title')}</h2>
          <InvitePanel />
        </section>
        <section className="card">
          <h2>{t('promotion.poster')}</h2>
          <Poster shareId={s.share_id} />
        </section>
      </div>
      <div className="grid-2">
        <section className="card">
          <h2>{t('promotion.people')}</h2>
          <Invitees />
        </section>
        <section className="card">
          <h2>{t('promotion.orders')}</h2>
          <CommissionOrders />
        </section>
      </div>
    </div>
  );
}

function Invitees() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...inviteesQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError) return <p className="muted">{list.error.message}</p>;
  if (list.data.count === 0) return <p className="muted">{t('promotion.no_people')}</p>;
  return (
    <>
      <ul className="plain-list" data-testid="invitees">
        {list.data.lists.map((p, i) => (
          <li key={`${p.join_time}-${i}`} className="plain-list__row">
            <div>
              <strong>{p.nickname}</strong>
              <span className="muted small">{formatDate(p.join_time, locale)}</span>
            </div>
            <div className="plain-list__side">
              <span>{formatMoney(p.commission, locale)}</span>
              <span className="muted small">{t('promotion.order_count', { count: p.order_count })}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={list.data.count} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}

function CommissionOrders() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...commissionOrdersQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError) return <p className="muted">{list.error.message}</p>;
  if (list.data.count === 0) return <p className="muted">{t('promotion.no_orders')}</p>;
  return (
    <>
      <ul className="plain-list" data-testid="commission-orders">
        {list.data.lists.map((c) => (
          <li key={c.id} className="plain-list__row">
            <div>
              <strong>{c.invitee_nickname}</strong>
              <span className="muted small">
                {formatMoney(c.order_amount, locale)} × {(c.commission_bp / 100).toLocaleString(locale)}% · {formatDate(c.create_time, locale)}
              </span>
            </div>
            <div className="plain-list__side">
              <strong>{formatMoney(c.amount, locale)}</strong>
              <span className={`tag commission--${c.status}`} data-testid="commission-status">
                {t(`promotion.commission_${c.status}`)}
              </span>
              <span className="muted small">
                {c.status === 'cancelled' ? (c.cancel_reason ?? '') : t(c.status === 'settled' ? 'promotion.settled_at' : 'promotion.settles_at', { date: formatDate(c.settle_time, locale) })}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} total={list.data.count} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}
