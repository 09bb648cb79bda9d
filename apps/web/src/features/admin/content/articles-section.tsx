import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Select, Table, Tag, type TableColumnsType } from 'antd';
import { CONTENT_STATUSES, type AdminContentArticle, type AdminContentRow, type ContentKind, type ContentStatus } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/notify';
import { ArticleEditor } from './article-editor';
import { ADMIN_CONTENT_PAGE_SIZE, deleteArticle, loadArticle, useContentList } from './content-admin-api';

const STATUS_COLOURS: Record<ContentStatus, string> = { draft: 'default', published: 'green', hidden: 'orange' };

/** One kind's articles in every status: filter, search, open the editor, delete. */
export function ArticlesSection({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<ContentStatus | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminContentArticle | 'new' | null>(null);
  const list = useContentList(kind, status, q, page);

  const open = async (id: number) => {
    try {
      setEditing(await loadArticle(id));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('errors.server_error'));
    }
  };

  const columns: TableColumnsType<AdminContentRow> = [
    { title: kind === 'faq' ? t('contentadmin.question') : t('contentadmin.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('contentadmin.status'),
      key: 'status',
      width: 170,
      render: (_, row) => (
        <span className="content-admin__tags">
          <Tag color={STATUS_COLOURS[row.status]}>{t(`contentadmin.status_${row.status}`)}</Tag>
          {row.status === 'published' && !row.visible && <Tag color="blue">{t('contentadmin.scheduled')}</Tag>}
        </span>
      ),
    },
    { title: t('contentadmin.locales'), key: 'locales', width: 120, render: (_, row) => row.locales.join(' · ') },
    { title: t('contentadmin.publish_at'), key: 'publish_at', width: 170, render: (_, row) => (row.publish_at ? formatDate(row.publish_at, locale, true) : '—') },
    ...(kind === 'news' ? [{ title: t('contentadmin.views'), dataIndex: 'view_count', width: 80 }] : []),
    {
      title: t('contentadmin.actions'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <span className="content-admin__actions">
          <Button size="small" icon={<EditOutlined />} onClick={() => void open(row.id)} aria-label={t('contentadmin.edit')} data-testid={`content-edit-${row.id}`} />
          {row.visible && (
            <LocaleLink to={kind === 'news' ? `/news/detail/${row.id}` : kind === 'help' ? `/help/${row.id}` : '/help'} target="_blank" className="ant-btn ant-btn-default ant-btn-sm ant-btn-icon-only" aria-label={t('contentadmin.view')}>
              <EyeOutlined />
            </LocaleLink>
          )}
          <Popconfirm title={t('contentadmin.delete_confirm')} onConfirm={() => void deleteArticle(row.id).catch(() => undefined)} okText={t('common.confirm')} cancelText={t('common.cancel')}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('contentadmin.delete')} />
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div className="content-admin__section" data-testid={`content-section-${kind}`}>
      <div className="content-admin__toolbar">
        <Select
          value={status ?? 'all'}
          onChange={(v: ContentStatus | 'all') => {
            setStatus(v === 'all' ? null : v);
            setPage(1);
          }}
          options={[{ value: 'all', label: t('contentadmin.status_all') }, ...CONTENT_STATUSES.map((s) => ({ value: s, label: t(`contentadmin.status_${s}`) }))]}
          style={{ width: 140 }}
          aria-label={t('contentadmin.status')}
        />
        <Input.Search
          allowClear
          placeholder={t('contentadmin.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`content-new-${kind}`}>
          {t(`contentadmin.new_${kind}`)}
        </Button>
      </div>
      <Table<AdminContentRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.lists ?? []}
        loading={list.isFetching}
        scroll={{ x: 760 }}
        pagination={{ current: page, pageSize: ADMIN_CONTENT_PAGE_SIZE, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: t('contentadmin.empty') }}
      />
      {editing && <ArticleEditor kind={kind} article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
