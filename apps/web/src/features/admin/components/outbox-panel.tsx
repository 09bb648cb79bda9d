import { Alert, Segmented, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { outboxQuery } from '../api/admin-api';

const PAGE_SIZE = 20;
const STATUS_COLOR = { logged: 'default', sent: 'green', failed: 'red' } as const;

/** Mail and SMS as written to the outbox, verification codes masked (the development server log has them). */
export function OutboxPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [channel, setChannel] = useState<'' | 'email' | 'sms'>('');
  const [page, setPage] = useState(1);
  const outbox = useQuery({ ...outboxQuery(channel, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const transport = outbox.data?.transport;

  return (
    <div className="admin-panel" data-testid="admin-outbox">
      {transport && (
        <Alert
          type={transport.email && transport.sms ? 'success' : 'info'}
          showIcon
          title={t('admin.transport', {
            email: transport.email ? t('admin.configured') : t('admin.not_configured'),
            sms: transport.sms ? t('admin.configured') : t('admin.not_configured'),
          })}
          description={!transport.email || !transport.sms ? t('admin.transport_hint') : undefined}
        />
      )}
      <Segmented<'' | 'email' | 'sms'>
        value={channel}
        onChange={(v) => {
          setChannel(v);
          setPage(1);
        }}
        options={[
          { value: '', label: t('admin.all') },
          { value: 'email', label: t('admin.email') },
          { value: 'sms', label: 'SMS' },
        ]}
      />
      <Table
        rowKey="id"
        size="middle"
        loading={outbox.isFetching}
        dataSource={outbox.data?.lists ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: outbox.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={{ expandedRowRender: (row) => <pre className="outbox-body">{row.body}</pre> }}
        columns={[
          { title: t('admin.time'), dataIndex: 'create_time', width: 180, render: (v: string) => formatDate(v, locale, true) },
          { title: t('admin.channel'), dataIndex: 'channel', width: 90, render: (v: string) => (v === 'sms' ? 'SMS' : t('admin.email')) },
          { title: t('admin.recipient'), dataIndex: 'recipient', ellipsis: true },
          { title: t('admin.subject'), dataIndex: 'subject', ellipsis: true },
          {
            title: t('admin.status'),
            dataIndex: 'status',
            width: 110,
            render: (v: keyof typeof STATUS_COLOR, row) => (
              <Tag color={STATUS_COLOR[v]} title={row.error ?? undefined}>
                {t(`admin.outbox_${v}`)}
              </Tag>
            ),
          },
        ]}
      />
    </div>
  );
}
