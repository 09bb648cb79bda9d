import type { DrawRecord } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { cancelDrawing } from '../../api/draw-api';

/**
 * A job that is queued or running (spec §2 in-progress): its place in the
 * queue, a progress bar (moving without a figure while the provider gives
 * none), the provider's live preview when there is one, and cancel.
 */
export function InProgress({ record }: { record: DrawRecord }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const queued = record.status === 'queued';
  const known = !queued && record.progress > 0;

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelDrawing(record.id);
    } catch (error) {
      if (!isRequestError(error)) toast.error(t('draw.cancel_failed'));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="draw-progress" data-testid="draw-in-progress" data-status={record.status} aria-live="polite">
      {record.preview_url ? (
        <img className="draw-progress__preview" src={mediaUrl(record.preview_url)} alt={t('draw.preview')} data-testid="draw-preview" />
      ) : (
        <div className="draw-progress__canvas" aria-hidden="true" />
      )}
      <p className="draw-progress__status" data-testid="draw-position">
        {queued ? (record.position > 0 ? t('draw.position', { count: record.position }) : t('draw.position_next')) : t('draw.running')}
      </p>
      <div
        className={`draw-bar${known ? '' : ' draw-bar--indeterminate'}`}
        role="progressbar"
        aria-label={t('draw.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? record.progress : undefined}
        data-testid="draw-progress"
      >
        <span className="draw-bar__fill" style={known ? { width: `${record.progress}%` } : undefined} />
      </div>
      {known && <p className="muted small">{t('draw.progress_value', { value: record.progress })}</p>}
      <button type="button" className="btn btn--outline btn--sm" onClick={() => void cancel()} disabled={cancelling} data-testid="draw-cancel">
        {cancelling ? t('draw.cancelling') : t('draw.cancel')}
      </button>
    </div>
  );
}
