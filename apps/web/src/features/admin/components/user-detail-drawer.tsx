import { Button, Drawer, Popconfirm, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Balances } from '@/components/balances';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { ledgerReasonText } from '@/lib/ledger-reason';
import { setUserDisabled, userDetailQuery } from '../api/admin-api';
import { AdjustBalanceForm } from './adjust-balance-form';
import { GrantMembershipForm } from './grant-membership-form';

/** One user: details, balances, recent ledger, disable/enable, a balance adjustment and a membership grant. */
export function UserDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...userDetailQuery(userId ?? 0), enabled: userId !== null });
  const [toggling, setToggling] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const toggle = async (disabled: boolean) => {
    if (userId === null) return;
    setToggling(true);
    try {
      await setUserDisabled(userId, disabled);
      await refresh();
    } catch {
      // Reported by the request layer (e.g. an administrator cannot disable themselves).
    } finally {
      setToggling(false);
    }
  };

  const data = detail.data;
  return (
    <Drawer open={userId !== null} onClose={onClose} size={560} title={data ? data.user.nickname : t('common.loading')} destroyOnHidden>
      {data && (
        <div className="admin-detail" data-testid="admin-user-detail">
          <dl className="details">
            <div>
              <dt>ID / {t('user.sn')}</dt>
              <dd>
                {data.user.id} / {data.user.sn}
              </dd>
            </div>
            <div>
              <dt>{t('user.email')}</dt>
              <dd>{data.user.email ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('user.mobile')}</dt>
              <dd>{data.user.mobile ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('user.registered')}</dt>
              <dd>{formatDate(data.user.create_time, locale, true)}</dd>
            </div>
            <div>
              <dt>{t('admin.status')}</dt>
              <dd>
                {data.disabled ? <Tag color="red">{t('admin.disabled')}</Tag> : <Tag color="green">{t('admin.active')}</Tag>}
                <Popconfirm
                  title={data.disabled ? t('admin.enable_confirm') : t('admin.disable_confirm')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => toggle(!data.disabled)}
                >
                  <Button size="small" danger={!data.disabled} loading={toggling} data-testid="admin-toggle-disabled">
                    {data.disabled ? t('admin.enable') : t('admin.disable')}
                  </Button>
                </Popconfirm>
              </dd>
            </div>
          </dl>
          <h3>{t('admin.user_balance')}</h3>
          <Balances balance={data.user.balance} />
          <h3>{t('admin.adjust_title')}</h3>
          <AdjustBalanceForm userId={data.user.id} onDone={() => void refresh()} />
          <h3>{t('doc.admin.title')}</h3>
          <GrantMembershipForm userId={data.user.id} memberships={data.user.memberships} onDone={() => void refresh()} />
          <h3>{t('user.ledger')}</h3>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.ledger}
            columns={[
              { title: t('admin.asset'), dataIndex: 'asset', render: (v: string) => t(`balance.${v}`, { defaultValue: t(`ledgertext.asset.${v}`, { defaultValue: v }) }) },
              { title: t('admin.delta'), dataIndex: 'delta', render: (v: number) => (v > 0 ? `+${v}` : String(v)) },
              { title: t('admin.after'), dataIndex: 'balance_after' },
              { title: t('admin.reason'), dataIndex: 'reason', ellipsis: true, render: (v: string) => ledgerReasonText(t, v) },
              { title: t('admin.time'), dataIndex: 'create_time', render: (v: string) => formatDate(v, locale, true) },
            ]}
            data-testid="admin-ledger"
          />
        </div>
      )}
    </Drawer>
  );
}
