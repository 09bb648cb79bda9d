import { DeleteOutlined, EditOutlined, MessageOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Popconfirm, Table } from 'antd';
import { DOC_CHAT_MAX_DOCS, DOC_NAME_MAX, type DocItem } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { useIsNarrow } from '@/hooks/use-narrow';
import { formatDate } from '@/lib/format';
import { deleteDoc, invalidateDocs, renameDoc, retryDoc } from '../api/doc-api';
import { formatBytes } from './quota-bar';
import { StatusBadge } from './status-badge';

function RenameDialog({ doc, onClose }: { doc: DocItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (doc && shownFor !== doc.id) {
    setShownFor(doc.id);
    setName(doc.name);
  }
  const save = async () => {
    if (!doc || !name.trim()) return;
    setSaving(true);
    try {
      await renameDoc(doc.id, name.trim());
      await invalidateDocs();
      onClose();
    } catch {
      // The request layer shows the server's reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={doc !== null}
      title={t('doc.manage.rename')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !name.trim(), 'data-testid': 'doc-rename-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Input value={name} maxLength={DOC_NAME_MAX} onChange={(e) => setName(e.target.value)} onPressEnter={() => void save()} aria-label={t('doc.manage.name')} data-testid="doc-rename-input" autoFocus />
    </Modal>
  );
}

/** The documents of one type: status, size, pages, time; open, rename, delete, retry; pick several to ask together. */
export function DocTable({
  docs,
  loading,
  selected,
  onSelect,
  openPath,
}: {
  docs: DocItem[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** Where a document opens (desktop details or the mobile page). */
  openPath: (doc: DocItem) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [renaming, setRenaming] = useState<DocItem | null>(null);
  // On a phone the name carries the status and the figures below it; only the actions keep a column.
  const narrow = useIsNarrow();

  const remove = async (doc: DocItem) => {
    try {
      await deleteDoc(doc.id);
      onSelect(selected.filter((id) => id !== doc.id));
      await invalidateDocs();
    } catch {
      // Reported by the request layer.
    }
  };
  const retry = async (doc: DocItem) => {
    try {
      await retryDoc(doc.id);
      await invalidateDocs();
    } catch {
      // Reported by the request layer.
    }
  };

  return (
    <>
      <Table<DocItem>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={docs}
        pagination={false}
        locale={{ emptyText: t('doc.manage.empty') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(Number).slice(0, DOC_CHAT_MAX_DOCS)),
          getCheckboxProps: (doc) => ({ disabled: doc.status !== 'complete', 'aria-label': doc.name }),
        }}
        onRow={(doc) => ({ 'data-testid': 'doc-row', 'data-name': doc.name, 'data-status': doc.status }) as object}
        columns={[
          {
            title: t('doc.manage.name'),
            dataIndex: 'name',
            ellipsis: !narrow,
            render: (_v, doc) => {
              const name =
                doc.status === 'complete' ? (
                  <LocaleLink to={openPath(doc)} className="doc-name" data-testid="doc-open">
                    {doc.name}
                  </LocaleLink>
                ) : (
                  <span className="doc-name">{doc.name}</span>
                );
              if (!narrow) return name;
              return (
                <div className="doc-cell">
                  {name}
                  <StatusBadge doc={doc} />
                  <span className="doc-cell__meta">
                    {doc.pages > 0 ? `${t('doc.manage.pages')} ${doc.pages} · ` : ''}
                    {formatBytes(doc.size)} · {formatDate(doc.created_at, locale)}
                  </span>
                </div>
              );
            },
          },
          ...(narrow
            ? []
            : [
                { title: t('doc.manage.status'), dataIndex: 'status', width: 220, render: (_v: unknown, doc: DocItem) => <StatusBadge doc={doc} /> },
                { title: t('doc.manage.pages'), dataIndex: 'pages', width: 80, render: (v: number) => (v > 0 ? v : '—') },
                { title: t('doc.manage.size'), dataIndex: 'size', width: 100, render: (v: number) => formatBytes(v) },
                { title: t('doc.manage.time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDate(v, locale, true) },
              ]),
          {
            title: t('doc.manage.actions'),
            key: 'actions',
            width: narrow ? 96 : 170,
            render: (_v, doc) => (
              <span className="doc-actions">
                {doc.status === 'complete' && (
                  <LocaleLink to={openPath(doc)} className="icon-btn icon-btn--sm" aria-label={t('doc.manage.open')} title={t('doc.manage.open')}>
                    <MessageOutlined />
                  </LocaleLink>
                )}
                {(doc.status === 'parse_failed' || doc.status === 'process_failed') && (
                  <Button type="text" size="small" icon={<RedoOutlined />} onClick={() => void retry(doc)} aria-label={t('doc.manage.retry')} title={t('doc.manage.retry')} data-testid="doc-retry" />
                )}
                <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setRenaming(doc)} aria-label={t('doc.manage.rename')} title={t('doc.manage.rename')} data-testid="doc-rename" />
                <Popconfirm
                  title={t('doc.manage.delete_confirm', { name: doc.name })}
                  description={t('doc.manage.delete_hint')}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'doc-delete-confirm' } as Record<`data-${string}`, string>}
                  onConfirm={() => remove(doc)}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} data-testid="doc-delete" />
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      <RenameDialog doc={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
