import { Button, Input, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUserRowSchema } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatDate, formatMoney } from '@/lib/format';
import { usersQuery } from '../api/admin-api';
import { UserDetailDrawer } from './user-detail-drawer';
import { RoleSelect } from '../staff/role-select';

type Row = z.infer<typeof adminUserRowSchema>;
const PAGE_SIZE = 20;

/** Users: search by email, mobile or user ID, then open one to disable/enable or adjust a balance. */
export function UsersPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const users = useQuery({ ...usersQuery(keyword, page, PAGE_SIZE), placeholderData: keepPreviousData });

  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('user.sn'), dataIndex: 'sn', width: 130 },
    { title: t('user.nickname'), dataIndex: 'nickname', ellipsis: true },
    { title: t('user.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—', ellipsis: true },
    { title: t('user.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
    {
      title: t('admin.status'),
      key: 'status',
      render: (_v, row) => (
        <>
          {row.disabled ? <Tag color="red">{t('admin.disabled')}</Tag> : <Tag color="green">{t('admin.active')}</Tag>}
        </>
      ),
    },
    { title: t('staff.role'), key: 'role', width: 140, render: (_v, row) => <RoleSelect userId={row.id} role={row.role} /> },
    {
      title: t('balance.title'),
      key: 'balance',
      render: (_v, row) => (
        <span className="small">
          {formatCount(row.balance.conversation_count, locale)} / {formatCount(row.balance.drawing_count, locale)} / {formatCount(row.balance.word_count, locale)} /{' '}
          {formatMoney(row.balance.session_balance, locale)}
        </span>
      ),
    },
    { title: t('user.registered'), dataIndex: 'create_time', render: (v: string) => formatDate(v, locale) },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_v, row) => (
        <Button size="small" onClick={() => setOpenId(row.id)} data-testid={`admin-view-${row.id}`}>
          {t('admin.view')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-panel">
      <Input.Search
        allowClear
        enterButton
        placeholder={t('admin.search_placeholder')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        maxLength={254}
        className="admin-search"
        data-testid="admin-search"
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users.data?.lists ?? []}
        loading={users.isFetching}
        scroll={{ x: 960 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: users.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid="admin-users"
      />
      <UserDetailDrawer userId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
