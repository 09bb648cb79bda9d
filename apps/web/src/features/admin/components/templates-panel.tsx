import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api, type ApiResponse } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { request } from '@/lib/request';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { adminTemplatesQuery, categoriesQuery, channelsQuery, deleteCategory, deleteTemplate, saveCategory } from '../api/ai-admin-api';
import { TemplateModal } from './template-modal';

type AdminTemplate = ApiResponse<'adminTemplates'>['lists'][number];
type Category = ApiResponse<'adminTemplateCategories'>['lists'][number];

function CategoryRow({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [names, setNames] = useState({ zh: '', en: '', ja: '', ko: '', ...(category?.names ?? {}) });
  return (
    <Space wrap>
      {(['zh', 'en', 'ja', 'ko'] as const).map((l) => (
        <Input key={l} prefix={`${l}:`} value={names[l]} maxLength={50} style={{ width: 160 }} onChange={(e) => setNames((n) => ({ ...n, [l]: e.target.value }))} data-testid={`category-name-${l}`} />
      ))}
      <Button
        type="primary"
        size="small"
        disabled={!names.zh.trim()}
        onClick={() => void saveCategory({ id: category?.id, names, sort: category?.sort ?? 0 }).then(onDone, () => undefined)}
        data-testid="category-save"
      >
        {t('common.save')}
      </Button>
      <Button size="small" onClick={onDone}>
        {t('common.cancel')}
      </Button>
    </Space>
  );
}

/** Admin → Templates: categories and writing templates per locale (fields and prompt). */
export function TemplatesPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const categories = useQuery(categoriesQuery);
  const templates = useQuery(adminTemplatesQuery);
  // Model channels are settings (administrators only); an operator picks from the models the chat offers.
  const isAdmin = useUser().user?.role === 'admin';
  const channels = useQuery({ ...channelsQuery, enabled: isAdmin });
  const offered = useQuery({ queryKey: ['chat', 'models', 'templates-panel'], queryFn: ({ signal }) => request(api.chatModels, undefined, { signal }), enabled: !isAdmin });
  const [editingCategory, setEditingCategory] = useState<Category | 'new' | null>(null);
  const [editing, setEditing] = useState<AdminTemplate | 'new' | null>(null);

  if (categories.isError || templates.isError) return <Alert type="error" showIcon title={t('errors.server_error')} />;
  const cats = categories.data?.lists ?? [];
  const catName = (id: number | null) => {
    const c = cats.find((x) => x.id === id);
    return c ? c.names[locale] || c.names.zh : t('aiadmin.uncategorised');
  };
  const modelOptions = isAdmin
    ? (channels.data?.channels ?? []).flatMap((c) => c.models.map((m) => ({ value: m.key, label: `${m.names[locale] || m.names.zh || m.key} (${m.key})` })))
    : (offered.data?.lists ?? []).filter((m) => m.channel !== 'offline').map((m) => ({ value: m.key, label: `${m.name} (${m.key})` }));

  const columns: TableColumnsType<AdminTemplate> = [
    { title: t('aiadmin.template_key'), dataIndex: 'key', render: (k: string) => <code>{k}</code> },
    { title: t('aiadmin.name'), key: 'name', render: (_v, r) => r.names[locale] || r.names.zh },
    { title: t('aiadmin.category'), key: 'cat', render: (_v, r) => catName(r.category_id) },
    { title: t('aiadmin.fields'), key: 'fields', render: (_v, r) => r.fields.length },
    { title: t('aiadmin.enabled'), dataIndex: 'enabled', render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('aiadmin.enabled') : t('aiadmin.disabled')}</Tag> },
    {
      title: '',
      key: 'actions',
      render: (_v, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(r)} data-testid={`template-edit-${r.key}`}>
            {t('aiadmin.edit_template')}
          </Button>
          <Popconfirm title={t('aiadmin.delete_confirm', { name: r.names[locale] || r.names.zh })} onConfirm={() => void deleteTemplate(r.id).catch(() => undefined)}>
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="templates-panel">
      <Card size="small" title={t('aiadmin.categories')} extra={<Button size="small" onClick={() => setEditingCategory('new')} data-testid="category-add">{t('aiadmin.add_category')}</Button>}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {editingCategory === 'new' && <CategoryRow category={null} onDone={() => setEditingCategory(null)} />}
          {cats.map((c) =>
            editingCategory !== 'new' && editingCategory?.id === c.id ? (
              <CategoryRow key={c.id} category={c} onDone={() => setEditingCategory(null)} />
            ) : (
              <Space key={c.id} wrap>
                <strong>{c.names[locale] || c.names.zh}</strong>
                <span className="muted small">{(['zh', 'en', 'ja', 'ko'] as const).map((l) => c.names[l]).filter(Boolean).join(' / ')}</span>
                <Button size="small" type="link" onClick={() => setEditingCategory(c)}>
                  {t('aiadmin.edit_template')}
                </Button>
                <Popconfirm title={t('aiadmin.delete_confirm', { name: c.names[locale] || c.names.zh })} onConfirm={() => void deleteCategory(c.id).catch(() => undefined)}>
                  <Button size="small" type="link" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          )}
        </Space>
      </Card>
      <Card size="small" style={{ marginTop: 16 }} title={t('aiadmin.templates')} extra={<Button type="primary" size="small" onClick={() => setEditing('new')} data-testid="template-add">{t('aiadmin.add_template')}</Button>}>
        <Table<AdminTemplate> rowKey="id" size="small" loading={templates.isPending} columns={columns} dataSource={templates.data?.lists ?? []} pagination={false} scroll={{ x: 760 }} />
      </Card>
      {editing && (
        <TemplateModal
          template={editing === 'new' ? null : editing}
          categories={cats.map((c) => ({ value: c.id, label: c.names[locale] || c.names.zh || String(c.id) }))}
          models={modelOptions}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
