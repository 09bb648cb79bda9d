import { Button, Input, Modal, Space, Tag, type TableColumnsType } from 'antd';
import { WITHDRAW_STATUSES } from '@xueba/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@/lib/api';
import { useLocale } from '@/hooks/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { StatusTable } from './status-table';
import { approveWithdrawal, markWithdrawalPaid, promotionAdminKeys, rejectWithdrawal, withdrawalsAdminQuery } from '../api/promotion-admin-api';

type Row = ApiResponse<'adminWithdrawals'>['lists'][number];
type Status = '' | (typeof WITHDRAW_STATUSES)[number];
const PAGE_SIZE = 20;
const COLOR: Record<string, string> = { pending: 'blue', approved: 'cyan', rejected: 'red', paid: 'green' };

/** Admin → Withdrawals: approve, reject with a reason (the held amount returns) or mark paid. */
export function WithdrawalsPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({ ...withdrawalsAdminQuery(status, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: promotionAdminKeys.all });
  const act = (p: Promise<unknown>) => void p.then(refresh, () => undefined);

  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('commerceadmin.user_id'), dataIndex: 'user_id', width: 80 },
    { title: t('promotionadmin.amount'), dataIndex: 'amount', width: 110, render: (v: number) => formatMoney(v, locale) },
    { title: t('promotion.method'), dataIndex: 'method', width: 90, render: (v: string) => t(`promotion.method_${v}`) },
    { title: t('promotion.account_name'), dataIndex: 'name', width: 120 },
    { title: t('promotion.account'), dataIndex: 'account', render: (v: string) => <code>{v}</code> },
    {
      title: t('commerce.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: string, r) => (
        <>
          <Tag color={COLOR[v]}>{t(`promotion.withdraw_${v}`)}</Tag>
          {r.reason && <div className="muted small">{r.reason}</div>}
        </>
      ),
    },
    { title: t('admin.time'), dataIndex: 'create_time', width: 170, render: (v: string) => formatDate(v, locale, true) },
    {
      title: '',
      key: 'actions',
      width: 230,
      render: (_v, r) => (
        <Space size={4}>
          {r.status === 'pending' && (
            <Button size="small" type="primary" onClick={() => act(approveWithdrawal(r.id))} data-testid={`withdraw-approve-${r.id}`}>
              {t('promotionadmin.approve')}
            </Button>
          )}
          {r.status === 'approved' && (
            <Button size="small" type="primary" onClick={() => act(markWithdrawalPaid(r.id))} data-testid={`withdraw-paid-${r.id}`}>
              {t('promotionadmin.mark_paid')}
            </Button>
          )}
          {(r.status === 'pending' || r.status === 'approved') && (
            <Button
              size="small"
              danger
              onClick={() => {
                setReason('');
                setRejecting(r);
              }}
              data-testid={`withdraw-reject-${r.id}`}
            >
              {t('promotionadmin.reject')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <StatusTable<Exclude<Status, ''>, Row>
      testId="admin-withdrawals"
      status={status}
      statuses={WITHDRAW_STATUSES}
      statusLabel={(s) => t(`promotion.withdraw_${s}`)}
      onStatus={setStatus}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      loading={list.isFetching}
      rows={list.data?.lists ?? []}
      count={list.data?.count ?? 0}
      columns={columns}
    >
      <Modal
        open={rejecting !== null}
        title={t('promotionadmin.reject')}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'withdraw-reject-submit' } as Record<`data-${string}`, string> & { danger: boolean; disabled: boolean }}
        onOk={() => {
          if (rejecting) act(rejectWithdrawal(rejecting.id, reason.trim()));
          setRejecting(null);
        }}
        destroyOnHidden
      >
        <Input.TextArea rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('promotionadmin.reject_reason')} data-testid="withdraw-reject-reason" />
      </Modal>
    </StatusTable>
  );
}
