import type { QrMismatch } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useQrMismatch } from '../../api/qrcode-api';

/** The expected grid drawn over the picture: a small mark per module in the colour it should read, wrong ones boxed in red. */
function Grid({ m }: { m: QrMismatch }) {
  const side = m.count + 2 * m.margin;
  const wrong = new Set(m.wrong);
  const marks: string[] = [];
  const boxes: string[] = [];
  for (let i = 0; i < m.count * m.count; i++) {
    const x = (i % m.count) + m.margin;
    const y = Math.floor(i / m.count) + m.margin;
    if (wrong.has(i)) boxes.push(`M${x + 0.05} ${y + 0.05}h0.9v0.9h-0.9z`);
    else if (m.modules[i] === '1') marks.push(`M${x + 0.35} ${y + 0.35}h0.3v0.3h-0.3z`);
  }
  return (
    <svg className="qr-mismatch__svg" viewBox={`0 0 ${side} ${side}`} preserveAspectRatio="none" aria-hidden="true" data-testid="qr-mismatch-grid">
      <path d={marks.join('')} fill="rgba(37, 99, 235, 0.55)" />
      <path d={boxes.join('')} fill="rgba(220, 38, 38, 0.25)" stroke="#dc2626" strokeWidth={0.1} />
    </svg>
  );
}

/** The mismatch view (as antfu's toolkit): which modules of the picture read the wrong colour, and how many. */
export default function MismatchOverlay({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQrMismatch(id, true);
  if (query.isPending) return <p className="qr-mismatch__note muted small">{t('qrcode.mismatch_loading')}</p>;
  if (query.isError) return <p className="qr-mismatch__note qr-field__error small">{query.error.message || t('qrcode.mismatch_failed')}</p>;
  const m = query.data;
  return (
    <>
      <Grid m={m} />
      <p className="qr-mismatch__note small" data-testid="qr-mismatch-ratio">
        {t('qrcode.mismatch_ratio', { wrong: m.wrong.length, total: m.count * m.count, ratio: (m.ratio * 100).toFixed(1) })}
        <br />
        <span className="muted">{t('qrcode.mismatch_legend')}</span>
      </p>
    </>
  );
}
