import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Switch, Table, type TableColumnsType } from 'antd';
import type { AdminQrTemplate } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { deleteQrTemplate, saveQrTemplate } from './qrcode-admin-api';
import { TemplateModal } from './template-modal';
import { toBody, toValues } from './template-values';
import './qrcode-admin.css';

/** What a template does, in one line: a style template's look or a prompt template's prompt. */
function Summary({ template }: { template: AdminQrTemplate }) {
  const { t } = useTranslation();
  const c = template.config;
  if (template.kind === 'prompt') return <span className="qr-admin__summary">{typeof c.prompt === 'string' ? c.prompt : ''}</span>;
  const fg = typeof c.fg === 'string' ? c.fg : '#000000';
  const bg = typeof c.bg === 'string' ? c.bg : '#ffffff';
  return (
    <span className="qr-admin__summary">
      <span className="qr-admin__swatch" style={{ background: bg }}>
        <span style={{ background: fg }} />
      </span>
      {typeof c.style === 'string' ? t(`qrcode.style.${c.style}`, { defaultValue: c.style }) : ''} · {fg} / {bg}
    </span>
  );
}

/** One kind's templates: the list with order and switch, add, edit and delete. */
export function TemplatesSection({ kind, templates }: { kind: 'style' | 'prompt'; templates: AdminQrTemplate[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState<AdminQrTemplate | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const toggle = async (template: AdminQrTemplate, enabled: boolean) => {
    setBusy(template.id);
    try {
      await saveQrTemplate(toBody(kind, { ...toValues(template), enabled }, template.id, undefined));
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : t('errors.server_error'));
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<AdminQrTemplate> = [
    {
      key: 'thumb',
      title: t('qradmin.thumb'),
      width: 76,
      render: (_v, r) => (r.thumb_url ? <img className="qr-admin__thumb-img" src={mediaUrl(r.thumb_url)} alt="" /> : <span className="muted">—</span>),
    },
    { key: 'name', title: t('qradmin.name'), render: (_v, r) => <span data-testid="qr-template-row-name">{r.names[locale] || r.names.zh}</span> },
    { key: 'config', title: t('qradmin.config'), render: (_v, r) => <Summary template={r} /> },
    { key: 'sort', title: t('qradmin.sort'), dataIndex: 'sort', width: 72 },
    {
      key: 'enabled',
      title: t('qradmin.enabled'),
      width: 86,
      render: (_v, r) => <Switch size="small" checked={r.enabled} loading={busy === r.id} onChange={(on) => void toggle(r, on)} aria-label={t('qradmin.enabled')} />,
    },
    {
      key: 'actions',
      title: '',
      width: 96,
      render: (_v, r) => (
        <span className="qr-admin__actions">
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('qradmin.edit')} data-testid="qr-template-edit" />
          <Popconfirm title={t('qradmin.delete_confirm')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => deleteQrTemplate(r.id)}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid="qr-template-delete" />
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <div className="qr-admin__section" data-testid={`qr-admin-${kind}`}>
      <div className="qr-admin__bar">
        <p className="muted">{t(kind === 'style' ? 'qradmin.style_hint' : 'qradmin.prompt_hint')}</p>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`qr-template-add-${kind}`}>
          {t('qradmin.add')}
        </Button>
      </div>
      <Table rowKey="id" size="small" columns={columns} dataSource={templates} pagination={false} scroll={{ x: 640 }} locale={{ emptyText: t('qradmin.empty') }} />
      {editing && <TemplateModal kind={kind} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
