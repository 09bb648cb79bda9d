import { Button, Drawer, Input, InputNumber, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ORDER_STATUSES } from '@xueba/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@/lib/api';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { adminOrdersQuery, notificationsQuery, type OrderFilters } from '../api/commerce-admin-api';
import { RefundAction, RefundSummary } from './order-refund';

type AdminOrder = ApiResponse<'adminOrders'>['lists'][number];
type Notification = ApiResponse<'adminOrderNotifications'>['lists'][number];
const PAGE_SIZE = 20;
const STATUS_COLOR: Record<string, string> = { created: 'blue', paid: 'cyan', fulfilled: 'green', closed: 'default', paid_after_close: 'red', refunded: 'orange' };
const OUTCOME_COLOR: Record<string, string> = { fulfilled: 'green', duplicate: 'default', rejected: 'red', amount_mismatch: 'red', paid_after_close: 'orange', unknown_order: 'orange', gateway_mismatch: 'red', error: 'red' };

/** Admin → Orders: search by number, user or state; each order's detail with its payment notifications; the whole notification log. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [draft, setDraft] = useState<{ order_no: string; user_id: number | null; status: OrderFilters['status'] }>({ order_no: '', user_id: null, status: '' });
  const [filters, setFilters] = useState<OrderFilters>({ ...draft, page: 1 });
  const [opened, setOpened] = useState<AdminOrder | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const orders = useQuery({ ...adminOrdersQuery(filters, PAGE_SIZE), placeholderData: keepPreviousData });
  // The open order as last listed, so a refund made in the drawer shows there once the list reloads.
  const detail = opened && (orders.data?.lists.find((o) => o.order_no === opened.order_no) ?? opened);

  const columns: TableColumnsType<AdminOrder> = [
    { title: t('commerce.order_no'), dataIndex: 'order_no', render: (v: string) => <code>{v}</code> },
    { title: t('commerceadmin.user_id'), dataIndex: 'user_id', width: 80 },
    { title: t('commerce.package'), dataIndex: 'package_name', ellipsis: true },
    { title: t('commerce.amount'), dataIndex: 'amount', width: 110, render: (v: number) => formatMoney(v, locale) },
    { title: t('commerce.gateway'), dataIndex: 'gateway', width: 130, render: (v: string) => (v === 'sandbox' ? <Tag color="orange">{t('commerce.gateway_sandbox')}</Tag> : t(`commerce.gateway_${v}`)) },
    { title: t('commerce.status'), dataIndex: 'status', width: 120, render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`commerce.status_${v}`)}</Tag> },
    { title: t('commerce.ordered_at'), dataIndex: 'create_time', width: 170, render: (v: string) => formatDate(v, locale, true) },
    {
      title: '',
      key: 'actions',
      width: 80,
      render: (_v, o) => (
        <Button size="small" onClick={() => setOpened(o)} data-testid={`order-detail-${o.order_no}`}>
          {t('commerceadmin.detail')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="admin-orders">
      <Space wrap>
        <Input placeholder={t('commerce.order_no')} value={draft.order_no} onChange={(e) => setDraft((d) => ({ ...d, order_no: e.target.value }))} allowClear style={{ width: 240 }} data-testid="orders-search-no" />
        <InputNumber placeholder={t('commerceadmin.user_id')} value={draft.user_id} onChange={(v) => setDraft((d) => ({ ...d, user_id: typeof v === 'number' ? v : null }))} min={1} precision={0} style={{ width: 120 }} />
        <Select<OrderFilters['status']>
          value={draft.status}
          onChange={(v) => setDraft((d) => ({ ...d, status: v }))}
          style={{ width: 160 }}
          options={[{ value: '', label: t('admin.all') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`commerce.status_${s}`) }))]}
        />
        <Button type="primary" onClick={() => setFilters({ ...draft, order_no: draft.order_no.trim(), page: 1 })} data-testid="orders-search">
          {t('commerceadmin.search')}
        </Button>
        <Button onClick={() => setLogOpen(true)} data-testid="orders-notification-log">
          {t('commerceadmin.notification_log')}
        </Button>
      </Space>
      <Table
        rowKey="order_no"
        size="middle"
        loading={orders.isFetching}
        dataSource={orders.data?.lists ?? []}
        columns={columns}
        scroll={{ x: 1000 }}
        pagination={{ current: filters.page, pageSize: PAGE_SIZE, total: orders.data?.count ?? 0, onChange: (page) => setFilters((f) => ({ ...f, page })), showSizeChanger: false }}
      />
      <Drawer open={detail !== null} onClose={() => setOpened(null)} size="large" title={detail ? detail.order_no : ''} destroyOnHidden>
        {detail && <OrderDetail order={detail} />}
      </Drawer>
      <Drawer open={logOpen} onClose={() => setLogOpen(false)} size="large" title={t('commerceadmin.notification_log')} destroyOnHidden>
        {logOpen && <NotificationTable orderNo="" />}
      </Drawer>
    </div>
  );
}

function OrderDetail({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('commerce.package'), order.package_name],
    [t('commerceadmin.user_id'), String(order.user_id)],
    [t('commerce.amount'), formatMoney(order.amount, locale)],
    [t('commerceadmin.paid_amount'), order.paid_amount === null ? '—' : formatMoney(order.paid_amount, locale)],
    [t('commerce.gateway'), t(`commerce.gateway_${order.gateway}`)],
    [t('commerceadmin.trade_no'), order.trade_no ?? '—'],
    [t('commerce.status'), t(`commerce.status_${order.status}`)],
    [t('commerce.ordered_at'), formatDate(order.create_time, locale, true)],
    [t('commerceadmin.expire_time'), formatDate(order.expire_time, locale, true)],
    [t('commerceadmin.pay_time'), order.pay_time ? formatDate(order.pay_time, locale, true) : '—'],
    [t('commerceadmin.fulfil_time'), order.fulfil_time ? formatDate(order.fulfil_time, locale, true) : '—'],
    ['user_sn', order.user_sn ?? '—'],
    ['channel', order.channel ?? '—'],
  ];
  return (
    <div className="admin-detail" data-testid="order-detail">
      <dl className="details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {order.status === 'fulfilled' && <RefundAction orderNo={order.order_no} />}
      {order.refund && <RefundSummary refund={order.refund} />}
      <h3>{t('commerceadmin.notifications')}</h3>
      <NotificationTable orderNo={order.order_no} />
    </div>
  );
}

function NotificationTable({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const log = useQuery({ ...notificationsQuery(orderNo, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const columns: TableColumnsType<Notification> = [
    { title: t('admin.time'), dataIndex: 'create_time', width: 170, render: (v: string) => formatDate(v, locale, true) },
    { title: t('commerce.gateway'), dataIndex: 'gateway', width: 90 },
    ...(orderNo ? [] : [{ title: t('commerce.order_no'), dataIndex: 'order_no', render: (v: string | null) => (v ? <code>{v}</code> : '—') }]),
    { title: t('commerceadmin.paid_amount'), dataIndex: 'paid_amount', width: 110, render: (v: number | null) => (v === null ? '—' : formatMoney(v, locale)) },
    { title: t('commerceadmin.outcome'), dataIndex: 'outcome', width: 140, render: (v: string) => <Tag color={OUTCOME_COLOR[v] ?? 'default'}>{v}</Tag> },
    { title: t('commerceadmin.notification_detail'), dataIndex: 'detail', ellipsis: true },
  ];
  return (
    <Table
      rowKey="id"
      size="small"
      loading={log.isFetching}
      dataSource={log.data?.lists ?? []}
      columns={columns}
      scroll={{ x: 700 }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: log.data?.count ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      data-testid="notification-table"
    />
  );
}
