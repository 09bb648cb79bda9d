import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Modal, Popconfirm, Table, type TableColumnsType } from 'antd';
import { LOCALES, type AdminContentCategory, type ContentCategoryKind, type Locale } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { toast } from '@/lib/notify';
import { deleteCategory, saveCategory, useContentCategories } from './content-admin-api';

type Draft = { id?: number; names: Record<Locale, string>; sort: number };

/** News categories or help centre sections: a name in each language and an order. */
export function CategoriesSection({ kind }: { kind: ContentCategoryKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useContentCategories(kind);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    setError(null);
    try {
      await saveCategory({ id: draft.id, kind, names: draft.names, sort: draft.sort });
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('errors.server_error'));
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<AdminContentCategory> = [
    { title: t('contentadmin.name'), key: 'name', render: (_, c) => c.names[locale] || c.names.zh },
    { title: t('contentadmin.articles_count'), dataIndex: 'articles', width: 110 },
    { title: t('contentadmin.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('contentadmin.actions'),
      key: 'actions',
      width: 110,
      render: (_, c) => (
        <span className="content-admin__actions">
          <Button size="small" icon={<EditOutlined />} aria-label={t('contentadmin.edit')} onClick={() => setDraft({ id: c.id, names: { ...c.names }, sort: c.sort })} />
          <Popconfirm title={t('contentadmin.category_delete_confirm')} onConfirm={() => void deleteCategory(c.id).catch((e: unknown) => toast.error(e instanceof Error ? e.message : ''))} okText={t('common.confirm')} cancelText={t('common.cancel')}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('contentadmin.delete')} />
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div className="content-admin__section" data-testid={`content-categories-${kind}`}>
      <div className="content-admin__toolbar">
        <strong>{t(kind === 'news' ? 'contentadmin.news_categories' : 'contentadmin.help_sections')}</strong>
        <Button icon={<PlusOutlined />} onClick={() => setDraft({ names: { zh: '', en: '', ja: '', ko: '' }, sort: 0 })} data-testid={`content-category-new-${kind}`}>
          {t('contentadmin.category_new')}
        </Button>
      </div>
      <Table<AdminContentCategory> rowKey="id" size="small" columns={columns} dataSource={list.data ?? []} loading={list.isFetching} pagination={false} locale={{ emptyText: t('contentadmin.no_categories') }} />
      <Modal open={draft !== null} title={draft?.id ? t('contentadmin.category_edit') : t('contentadmin.category_new')} onCancel={() => setDraft(null)} onOk={() => void save()} confirmLoading={saving} okText={t('common.save')} cancelText={t('common.cancel')} destroyOnHidden>
        {draft && (
          <div className="content-editor__version">
            {LOCALES.map((l) => (
              <label key={l} className="content-editor__field">
                <span>{t(`contentadmin.locale_${l}`)}</span>
                <Input value={draft.names[l]} maxLength={40} onChange={(e) => setDraft({ ...draft, names: { ...draft.names, [l]: e.target.value } })} status={l === 'zh' && error ? 'error' : undefined} data-testid={`category-name-${l}`} />
                {l === 'zh' && error && <div className="content-editor__error" role="alert">{error}</div>}
              </label>
            ))}
            <label className="content-editor__field">
              <span>{t('contentadmin.sort')}</span>
              <InputNumber min={0} max={9999} value={draft.sort} onChange={(v) => setDraft({ ...draft, sort: v ?? 0 })} />
            </label>
          </div>
        )}
      </Modal>
    </div>
  );
}
