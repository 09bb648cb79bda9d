import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Spec §2 locality-draw. Our reading: "draw locally" is drawing again here,
 * with this record's settings, without retyping anything: the form takes them
 * and the job is submitted at once (a new job, charged as any other).
 */
export function LocalityDraw({ onDraw, disabled }: { onDraw: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={onDraw} disabled={disabled} data-testid="draw-again" title={t('draw.again_hint')}>
      <RedoOutlined aria-hidden="true" /> {t('draw.again')}
    </button>
  );
}
