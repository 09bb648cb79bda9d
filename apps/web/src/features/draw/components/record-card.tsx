import { DeleteOutlined, EyeOutlined, RedoOutlined } from '@ant-design/icons';
import type { DrawRecord } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { confirmBox, toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { deleteDrawing } from '../api/draw-api';
import { ResultView } from './result/result-view';

/** One drawing record: its pictures or state, and what can be done with it. */
export function RecordCard({ record, base }: { record: DrawRecord; base: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    const ok = await confirmBox({ title: t('draw.delete_title'), content: t('draw.delete_confirm'), okText: t('common.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    setDeleting(true);
    try {
      await deleteDrawing(record.id);
      toast.success(t('draw.deleted'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('draw.delete_failed'));
      setDeleting(false);
    }
  };

  return (
    <article className="draw-record card" data-testid="draw-record" data-status={record.status} data-id={record.id}>
      <header className="draw-record__head">
        <span className={`draw-status draw-status--${record.status}`}>{t(`draw.status.${record.status}`)}</span>
        <span className="tag">{t(`draw.family.${record.family}`)}</span>
        <span className="small muted">
          {record.model} · {record.size}
        </span>
        <time className="small muted draw-record__time" dateTime={record.created_at}>
          {formatDate(record.created_at, locale, true)}
        </time>
      </header>
      <p className="draw-record__prompt" title={record.prompt}>
        {record.prompt}
      </p>
      <ResultView record={record} compact />
      <footer className="draw-record__actions">
        <LocaleLink to={`${base}?id=${record.id}`} className="btn btn--ghost btn--sm" data-testid="draw-record-open">
          <EyeOutlined aria-hidden="true" /> {t('draw.open')}
        </LocaleLink>
        <LocaleLink to={`${base}?again=${record.id}`} className="btn btn--ghost btn--sm" data-testid="draw-record-again">
          <RedoOutlined aria-hidden="true" /> {t('draw.again')}
        </LocaleLink>
        <button type="button" className="btn btn--ghost btn--sm draw-danger" onClick={() => void remove()} disabled={deleting} data-testid="draw-record-delete">
          <DeleteOutlined aria-hidden="true" /> {t('common.delete')}
        </button>
      </footer>
    </article>
  );
}
