import { CopyOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { ApiResponse } from '@/lib/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import { markdownPreview } from '@/lib/plain-text';
import { confirmBox } from '@/lib/notify';
import { deleteCreation, HISTORY_PAGE_SIZE, useHistory } from '../api/templates';

export type Creation = ApiResponse<'createDetail'>;

/** Past runs of a template: view one in the output panel, copy it, delete it. */
export function CreationHistory({ templateId, onView }: { templateId: number | null; onView: (creation: Creation) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const history = useHistory(templateId, '', page);
  const items = history.data?.lists ?? [];

  const remove = async (id: number) => {
    if (!(await confirmBox({ title: t('create.history'), content: t('create.delete_confirm'), okText: t('common.delete'), cancelText: t('common.cancel') }))) return;
    await deleteCreation(id).catch(() => undefined);
  };

  return (
    <section className="panel" aria-labelledby="history-title" data-testid="creation-history">
      <h2 id="history-title">{t('create.history')}</h2>
      {history.isSuccess && items.length === 0 && <p className="muted">{t('create.history_empty')}</p>}
      <ul className="history-list">
        {items.map((c) => (
          <li key={c.id} className="history-item" data-testid={`creation-${c.id}`}>
            <div className="history-item__head">
              <strong>{c.template_name}</strong>
              <span className="muted small">{formatDate(c.created_at, locale, true)}</span>
              <button type="button" className="icon-btn icon-btn--sm" onClick={() => onView(c)} aria-label={t('create.view')} title={t('create.view')} data-testid={`creation-view-${c.id}`}>
                <EyeOutlined />
              </button>
              <button type="button" className="icon-btn icon-btn--sm" onClick={() => void copyText(c.output, t('msg.copied'), t('msg.copy_failed'))} aria-label={t('chat.copy')} title={t('chat.copy')}>
                <CopyOutlined />
              </button>
              <button type="button" className="icon-btn icon-btn--sm" onClick={() => void remove(c.id)} aria-label={t('common.delete')} title={t('common.delete')} data-testid={`creation-delete-${c.id}`}>
                <DeleteOutlined />
              </button>
            </div>
            <p className="history-item__preview" data-testid={`creation-preview-${c.id}`}>
              {(c.output && markdownPreview(c.output)) || Object.values(c.inputs).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={page} total={history.data?.count ?? 0} pageSize={HISTORY_PAGE_SIZE} onChange={setPage} />
    </section>
  );
}
