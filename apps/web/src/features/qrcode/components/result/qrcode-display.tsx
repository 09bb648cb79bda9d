import { CopyOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { QrEcLevel, QrVerified } from '@xueba/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { VerifiedBadge } from './verified-badge';

const MismatchOverlay = lazy(() => import('./mismatch-overlay'));

export interface ShownCode {
  id: number;
  png_url: string;
  svg_url: string | null;
  verified: QrVerified | null;
  content: string;
  version: number | null;
  ec_level: QrEcLevel;
  size: number;
}

/**
 * Copies the PNG itself where the browser allows (Clipboard API with an image
 * item); elsewhere (no ClipboardItem, or a refused permission) the picture's
 * address, and says which it did.
 */
async function copyImage(url: string, messages: { ok: string; link: string; fail: string }): Promise<void> {
  try {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('no image clipboard');
    const blob = fetch(url, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.blob();
    });
    // A promise inside the item keeps the user's gesture for Safari.
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
    toast.success(messages.ok);
  } catch {
    try {
      await navigator.clipboard.writeText(new URL(url, window.location.href).href);
      toast.info(messages.link);
    } catch {
      toast.error(messages.fail);
    }
  }
}

/** qrcode-display: the verified picture, its downloads, copy, and the mismatch view for signed-in users' codes. */
export function QrcodeDisplay({ code, canMismatch }: { code: ShownCode; canMismatch: boolean }) {
  const { t } = useTranslation();
  const [mismatch, setMismatch] = useState(false);
  const png = mediaUrl(code.png_url);
  return (
    <div className="qr-display" data-testid="qr-display" data-id={code.id}>
      <div className="qr-display__frame">
        <img src={png} alt={code.content} width={code.size} height={code.size} data-testid="qr-image" />
        {mismatch && (
          <Suspense fallback={null}>
            <MismatchOverlay id={code.id} />
          </Suspense>
        )}
      </div>
      <VerifiedBadge verified={code.verified} />
      <p className="qr-display__info muted small" data-testid="qr-code-info">
        {code.version !== null && t('qrcode.code_info', { version: code.version, level: code.ec_level, size: code.size })}
      </p>
      <p className="qr-display__content small" title={code.content}>
        <span className="muted">{t('qrcode.content_label')}</span>
        <span data-testid="qr-content-text">{code.content}</span>
      </p>
      <div className="qr-display__actions">
        <a className="btn btn--primary btn--sm" href={png} download={`qrcode-${code.id}.png`} data-testid="qr-download-png">
          <DownloadOutlined aria-hidden="true" /> {t('qrcode.download_png')}
        </a>
        {code.svg_url && (
          <a className="btn btn--outline btn--sm" href={mediaUrl(code.svg_url)} download={`qrcode-${code.id}.svg`} data-testid="qr-download-svg">
            <DownloadOutlined aria-hidden="true" /> {t('qrcode.download_svg')}
          </a>
        )}
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void copyImage(png, { ok: t('qrcode.copied'), link: t('qrcode.copied_link'), fail: t('qrcode.copy_failed') })} data-testid="qr-copy">
          <CopyOutlined aria-hidden="true" /> {t('qrcode.copy_image')}
        </button>
        {canMismatch && (
          <button type="button" className={`btn btn--sm ${mismatch ? 'btn--primary' : 'btn--outline'}`} aria-pressed={mismatch} onClick={() => setMismatch((v) => !v)} data-testid="qr-mismatch-toggle">
            <EyeOutlined aria-hidden="true" /> {mismatch ? t('qrcode.mismatch_hide') : t('qrcode.mismatch_show')}
          </button>
        )}
      </div>
    </div>
  );
}
