import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { QrDrawState, QrRecord } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { cancelAi } from '../../api/qrcode-api';

/**
 * An AI code whose drawing is queued or running (in-progress): its place in
 * the queue, the progress over all attempts, which attempt this is (a picture
 * that does not scan is drawn again with a stronger control), the live
 * preview and cancel.
 */
export function AiInProgress({ record, draw }: { record: QrRecord; draw: QrDrawState }) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const queued = draw.status === 'queued';
  const known = !queued && draw.progress > 0;

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelAi(record.id);
    } catch (error) {
      if (!isRequestError(error)) toast.error(t('qrcode.cancel_failed'));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="qr-progress" data-testid="qr-in-progress" data-status={draw.status} aria-live="polite">
      {draw.preview_url ? <img className="qr-progress__preview" src={mediaUrl(draw.preview_url)} alt={t('qrcode.preview')} data-testid="qr-preview" /> : <div className="qr-progress__canvas" aria-hidden="true" />}
      <p className="qr-progress__status" data-testid="qr-position">
        {queued ? (draw.position > 0 ? t('qrcode.queued', { count: draw.position }) : t('qrcode.queued_next')) : t('qrcode.running')}
      </p>
      {!queued && draw.attempts > 0 && (
        <p className="qr-progress__attempt" data-testid="qr-attempt">
          {t('qrcode.attempt', { n: draw.attempt, m: draw.attempts })}
        </p>
      )}
      <div
        className={`qr-bar${known ? '' : ' qr-bar--indeterminate'}`}
        role="progressbar"
        aria-label={t('qrcode.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? draw.progress : undefined}
        data-testid="qr-progress"
      >
        <span className="qr-bar__fill" style={known ? { width: `${draw.progress}%` } : undefined} />
      </div>
      {known && <p className="muted small">{t('qrcode.progress_value', { value: draw.progress })}</p>}
      <button type="button" className="btn btn--outline btn--sm" onClick={() => void cancel()} disabled={cancelling} data-testid="qr-cancel">
        {cancelling ? t('qrcode.cancelling') : t('qrcode.cancel')}
      </button>
    </div>
  );
}

/** A failed or cancelled AI code (fail): the reason in the user's language and whether the count came back. */
export function AiFail({ draw }: { draw: QrDrawState }) {
  const { t } = useTranslation();
  const cancelled = draw.status === 'cancelled';
  const reason = draw.fail_text ?? (draw.fail_reason ? t(`msg.${draw.fail_reason}`) : cancelled ? t('qrcode.cancelled') : t('qrcode.failed_unknown'));
  return (
    <div className="qr-fail" role="alert" data-testid="qr-fail" data-status={draw.status}>
      <WarningOutlined className="qr-fail__icon" aria-hidden="true" />
      <p className="qr-fail__title">{cancelled ? t('qrcode.cancelled') : t('qrcode.failed')}</p>
      <p data-testid="qr-fail-text">{reason}</p>
      {draw.cost > 0 && (
        <p className={draw.refunded ? 'qr-fail__refund' : 'muted small'} data-testid="qr-refund">
          {draw.refunded ? t('qrcode.refunded', { count: draw.cost }) : t('qrcode.refund_pending')}
        </p>
      )}
    </div>
  );
}

/** The success heading of an AI code (success), above the verified picture. */
export function AiSuccess({ draw }: { draw: QrDrawState }) {
  const { t } = useTranslation();
  return (
    <p className="qr-success" data-testid="qr-success" data-attempt={draw.attempt}>
      <CheckCircleOutlined aria-hidden="true" /> {t('qrcode.success')} · {t('qrcode.attempt', { n: draw.attempt, m: draw.attempts })}
    </p>
  );
}
