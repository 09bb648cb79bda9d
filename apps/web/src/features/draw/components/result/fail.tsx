import { WarningOutlined } from '@ant-design/icons';
import type { DrawRecord } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** A failed or cancelled job (spec §2 fail): the reason in the user's language and whether the count came back. */
export function Fail({ record }: { record: DrawRecord }) {
  const { t } = useTranslation();
  const cancelled = record.status === 'cancelled';
  const reason = record.fail_text ?? (record.fail_reason ? t(`msg.${record.fail_reason}`) : cancelled ? t('msg.draw_cancelled') : t('draw.failed_unknown'));
  return (
    <div className={`draw-fail${cancelled ? ' draw-fail--cancelled' : ''}`} role="alert" data-testid="draw-fail" data-status={record.status}>
      <WarningOutlined className="draw-fail__icon" aria-hidden="true" />
      <p className="draw-fail__title">{cancelled ? t('draw.cancelled') : t('draw.failed')}</p>
      <p data-testid="draw-fail-text">{reason}</p>
      {record.cost > 0 && (
        <p className={record.refunded ? 'draw-fail__refund' : 'muted small'} data-testid="draw-refund">
          {record.refunded ? t('draw.refunded', { count: record.cost }) : t('draw.refund_pending')}
        </p>
      )}
    </div>
  );
}
