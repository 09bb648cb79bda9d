import { Tag, type TableColumnsType } from 'antd';
import { COMMISSION_STATUSES } from '@xueba/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@/lib/api';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { commissionsQuery } from '../api/promotion-admin-api';
import { StatusTable } from './status-table';

type Row = ApiResponse<'adminCommissions'>['lists'][number];
type Status = '' | (typeof COMMISSION_STATUSES)[number];
const PAGE_SIZE = 20;
const COLOR: Record<string, string> = { pending: 'blue', settled: 'green', cancelled: 'red' };

/** Admin → Commissions: every commission row with its promoter, order and state. */
export function CommissionsPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<Status>('');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...commissionsQuery(status, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('promotionadmin.promoter'), dataIndex: 'promoter_id', width: 90 },
    { title: t('promotionadmin.invitee'), key: 'invitee', render: (_v, r) => `${r.invitee_nickname} (#${r.invitee_id})` },
    { title: t('commerce.order_no'), dataIndex: 'order_no', render: (v: string) => <code>{v}</code> },
    { title: t('promotionadmin.order_amount'), dataIndex: 'order_amount', width: 110, render: (v: number) => formatMoney(v, locale) },
    { title: '%', dataIndex: 'commission_bp', width: 70, render: (v: number) => (v / 100).toLocaleString(locale) },
    { title: t('promotionadmin.commission'), dataIndex: 'amount', width: 110, render: (v: number) => formatMoney(v, locale) },
    {
      title: t('commerce.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: string, r) => (
        <>
          <Tag color={COLOR[v]}>{t(`promotion.commission_${v}`)}</Tag>
          {r.cancel_reason && <div className="muted small">{r.cancel_reason}</div>}
        </>
      ),
    },
    { title: t('promotionadmin.settle_time'), dataIndex: 'settle_time', width: 170, render: (v: string) => formatDate(v, locale, true) },
  ];
  return (
    <StatusTable<Exclude<Status, ''>, Row>
      testId="admin-commissions"
      status={status}
      statuses={COMMISSION_STATUSES}
      statusLabel={(s) => t(`promotion.commission_${s}`)}
      onStatus={setStatus}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      loading={list.isFetching}
      rows={list.data?.lists ?? []}
      count={list.data?.count ?? 0}
      columns={columns}
    />
  );
}
