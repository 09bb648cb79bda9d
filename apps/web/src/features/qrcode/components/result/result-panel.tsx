import { QrcodeOutlined } from '@ant-design/icons';
import type { QrRecord, QrStyledResult } from '@xueba/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isOpen, refreshCounts, useQrDetail } from '../../api/qrcode-api';
import { AiFail, AiInProgress, AiSuccess } from './ai-views';
import { QrcodeDisplay, type ShownCode } from './qrcode-display';

/** What the result panel shows: a styled code just made, or a stored code (an AI job, or one opened from history). */
export type Shown = { kind: 'styled'; result: QrStyledResult } | { kind: 'record'; id: number } | null;

const fromStyled = (r: QrStyledResult): ShownCode => ({ id: r.id, png_url: r.png_url, svg_url: r.svg_url, verified: r.verified, content: r.content, version: r.version, ec_level: r.ec_level, size: r.size });

function RecordView({ record, signedIn }: { record: QrRecord; signedIn: boolean }) {
  const draw = record.draw;
  if (draw && (draw.status === 'queued' || draw.status === 'running')) return <AiInProgress record={record} draw={draw} />;
  if (draw && (draw.status === 'failed' || draw.status === 'cancelled')) return <AiFail draw={draw} />;
  if (!record.png_url) return null;
  const code: ShownCode = { id: record.id, png_url: record.png_url, svg_url: record.svg_url, verified: record.verified, content: record.content, version: record.version, ec_level: record.ec_level, size: record.size };
  return (
    <>
      {draw && <AiSuccess draw={draw} />}
      <QrcodeDisplay code={code} canMismatch={signedIn} />
    </>
  );
}

function StoredCode({ id, signedIn }: { id: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const detail = useQrDetail(id);
  // An AI code that ends may have given its drawing count back: read the counts again once it does.
  const status = detail.data?.status;
  const watching = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (isOpen(status)) watching.current = true;
    else if (watching.current) {
      watching.current = false;
      refreshCounts();
    }
  }, [status]);
  if (detail.data) return <RecordView record={detail.data} signedIn={signedIn} />;
  if (detail.isError)
    return (
      <p className="muted" role="alert">
        {detail.error.message || t('msg.qrcode_record_not_found')}
      </p>
    );
  return <div className="qr-progress" aria-busy="true" />;
}

/** The result side of the page: empty, a code, or an AI job's in-progress, success or fail view. */
export function ResultPanel({ shown, signedIn }: { shown: Shown; signedIn: boolean }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  const key = shown === null ? null : shown.kind === 'styled' ? `s${shown.result.id}` : `r${shown.id}`;
  // One column (a phone): the result sits under the long form, so a new one is brought into view.
  useEffect(() => {
    if (key !== null && window.matchMedia('(max-width: 900px)').matches) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [key]);
  return (
    <section ref={panel} className="qr-result card" aria-label={t('qrcode.result')} data-testid="qr-result">
      {shown?.kind === 'styled' ? (
        // A visitor's code has no record to compare against: the mismatch view is for signed-in users.
        <QrcodeDisplay code={fromStyled(shown.result)} canMismatch={signedIn} />
      ) : shown?.kind === 'record' && signedIn ? (
        <StoredCode id={shown.id} signedIn={signedIn} />
      ) : (
        <div className="qr-empty" data-testid="qr-empty">
          <QrcodeOutlined className="qr-empty__icon" aria-hidden="true" />
          <p>{t('qrcode.empty')}</p>
          <p className="muted small">{t('qrcode.empty_hint')}</p>
        </div>
      )}
    </section>
  );
}
