import { Alert, Button, Segmented, Switch, Table, Tag, type TableColumnsType } from 'antd';
import type { AdminPackage } from '@xueba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatMoney } from '@/lib/format';
import { adminPackagesQuery, commerceAdminKeys, setPackageEnabled } from '../api/commerce-admin-api';
import { PackageModal } from './package-modal';

/** Admin → Packages: membership and recharge packages, on and off sale, in their display order. */
export function PackagesPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [type, setType] = useState<'member' | 'recharge'>('member');
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const packages = useQuery(adminPackagesQuery(type));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: commerceAdminKeys.packages(type) });

  const columns: TableColumnsType<AdminPackage> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: t('commerceadmin.name'),
      key: 'name',
      render: (_v, p) => (
        <>
          {p.name[locale] || p.name.zh} {p.recommended && <Tag color="gold">{t('commerce.recommended')}</Tag>}
        </>
      ),
    },
    ...(type === 'member'
      ? ([
          { title: t('commerceadmin.level'), key: 'level', width: 90, render: (_v, p) => (p.level === 'bvip' ? 'B-VIP' : 'VIP') },
          { title: t('commerceadmin.kind'), key: 'kind', render: (_v, p) => (p.kind ? t(`members.kind.${p.kind}`) : '') },
          { title: t('commerceadmin.months'), key: 'months', width: 100, render: (_v, p) => (p.months === 0 ? t('commerce.permanent') : t('commerce.months', { count: p.months ?? 0 })) },
        ] satisfies TableColumnsType<AdminPackage>)
      : ([
          { title: t('commerceadmin.word_count'), key: 'words', render: (_v, p) => formatCount(p.word_count, locale) },
          { title: t('commerceadmin.drawing_count'), key: 'drawings', render: (_v, p) => formatCount(p.drawing_count, locale) },
        ] satisfies TableColumnsType<AdminPackage>)),
    {
      title: t('commerceadmin.price'),
      key: 'price',
      render: (_v, p) => (
        <>
          {formatMoney(p.price, locale)} {p.original_price > p.price && <s className="muted">{formatMoney(p.original_price, locale)}</s>}
        </>
      ),
    },
    { title: t('commerceadmin.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('commerceadmin.on_sale'),
      key: 'enabled',
      width: 90,
      render: (_v, p) => <Switch size="small" checked={p.enabled} onChange={(on) => void setPackageEnabled(p.id, on).then(refresh, () => undefined)} data-testid={`package-enabled-${p.id}`} />,
    },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_v, p) => (
        <Button size="small" onClick={() => setEditing(p)} data-testid={`package-edit-${p.id}`}>
          {t('commerceadmin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="admin-packages">
      <div className="admin-search">
        <Segmented<'member' | 'recharge'>
          value={type}
          onChange={setType}
          options={[
            { value: 'member', label: t('commerceadmin.member_packages') },
            { value: 'recharge', label: t('commerceadmin.recharge_packages') },
          ]}
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="package-new">
          {t('commerceadmin.new_package')}
        </Button>
      </div>
      {packages.isError && <Alert type="error" showIcon title={packages.error.message} />}
      <Table rowKey="id" size="middle" loading={packages.isFetching} dataSource={packages.data?.lists ?? []} columns={columns} pagination={false} scroll={{ x: 900 }} />
      {editing && (
        <PackageModal
          type={type}
          pkg={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
