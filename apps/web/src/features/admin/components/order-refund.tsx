import { Button, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { RefundClawback } from '@xueba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@/lib/api';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDate } from '@/lib/format';
import { commerceAdminKeys, refundOrder } from '../api/commerce-admin-api';

type Refund = NonNullable<ApiResponse<'adminOrders'>['lists'][number]['refund']>;
type MembershipClawback = NonNullable<RefundClawback['membership']>;

const HOUR = 3_600_000;
const levelName = (level: 'vip' | 'bvip') => (level === 'bvip' ? 'B-VIP' : 'VIP');

/**
 * Refunds a fulfilled order after the money went back by hand at the
 * provider. The server takes back what the order granted in the same step,
 * so the confirmation says so before it happens.
 */
export function RefundAction({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  return (
    <Space wrap style={{ marginTop: 16 }}>
      <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} placeholder={t('refundadmin.reason')} style={{ width: 280 }} data-testid="refund-reason" />
      <Popconfirm
        title={t('refundadmin.confirm_title')}
        description={<div style={{ maxWidth: 320 }}>{t('refundadmin.confirm_text')}</div>}
        okText={t('refundadmin.refund')}
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          // The server's answer ("refunded; what the order granted was taken back") is the toast; failures toast too.
          void refundOrder(orderNo, reason.trim()).then(() => void queryClient.invalidateQueries({ queryKey: commerceAdminKeys.all }), () => undefined)
        }
      >
        <Button danger disabled={!reason.trim()} data-testid="refund-submit">
          {t('refundadmin.refund')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** A refunded order: when and why, and per balance and for the membership what was taken back and what could not be. */
export function RefundSummary({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { clawback } = refund;
  return (
    <section className="admin-detail__refund" data-testid="order-refund">
      <h3>{t('refundadmin.title')}</h3>
      <dl className="details">
        <div>
          <dt>{t('refundadmin.reason')}</dt>
          <dd>{refund.reason}</dd>
        </div>
        <div>
          <dt>{t('refundadmin.time')}</dt>
          <dd>{formatDate(refund.time, locale, true)}</dd>
        </div>
      </dl>
      {clawback === null ? (
        <p className="muted">{t('refundadmin.none_taken')}</p>
      ) : (
        <>
          {clawback.assets.length > 0 && <AssetsTaken assets={clawback.assets} />}
          {clawback.membership && <MembershipTaken m={clawback.membership} />}
        </>
      )}
    </section>
  );
}

function AssetsTaken({ assets }: { assets: RefundClawback['assets'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns: TableColumnsType<RefundClawback['assets'][number]> = [
    { title: t('refundadmin.item'), dataIndex: 'asset', render: (v: string) => t(`commerceadmin.${v}`) },
    { title: t('refundadmin.granted'), dataIndex: 'granted', render: (v: number) => formatCount(v, locale) },
    { title: t('refundadmin.taken'), dataIndex: 'taken', render: (v: number) => formatCount(v, locale) },
    // A shortfall is what the user had already spent: the operator may want to settle it by hand.
    { title: t('refundadmin.shortfall'), dataIndex: 'shortfall', render: (v: number) => (v > 0 ? <Typography.Text type="danger">{formatCount(v, locale)}</Typography.Text> : formatCount(v, locale)) },
  ];
  // Rows carry data-row-key=<asset> (antd), which the browser test reads.
  return <Table rowKey="asset" size="small" pagination={false} dataSource={assets} columns={columns} data-testid="refund-assets" />;
}

function MembershipTaken({ m }: { m: MembershipClawback }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const expiry = (iso: string | null) => (iso === null ? t('refundadmin.permanent') : formatDate(iso, locale, true));
  const duration = (ms: number) => t('refundadmin.duration', { days: Math.floor(ms / (24 * HOUR)), hours: Math.floor((ms % (24 * HOUR)) / HOUR) });
  if (!m.recorded) return <p className="muted" data-testid="refund-membership">{t('refundadmin.not_recorded')}</p>;
  const rows: [string, string][] = [
    [t('refundadmin.membership'), t(`members.kind.${m.kind}`)],
    [t('refundadmin.level'), `${levelName(m.level_before)} → ${levelName(m.level_after)}`],
    [t('refundadmin.expiry'), `${expiry(m.expires_before)} → ${expiry(m.expires_after)}`],
    [t('refundadmin.removed'), m.removed_ms === null ? t('refundadmin.permanence') : duration(m.removed_ms)],
    [t('refundadmin.used'), duration(m.used_ms)],
  ];
  return (
    <dl className="details" data-testid="refund-membership">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
