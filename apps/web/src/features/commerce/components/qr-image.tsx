import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Draws a payment link (WeChat Native `code_url`) as a QR code in the browser.
 * The encoder is imported when a code is first needed, so it never weighs on
 * pages that do not pay by QR.
 */
export function QrImage({ value, size = 200, alt }: { value: string; size?: number; alt: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ value: string; src: string | null; failed: boolean }>({ value: '', src: null, failed: false });

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((src) => live && setState({ value, src, failed: false }))
      .catch(() => live && setState({ value, src: null, failed: true }));
    return () => {
      live = false;
    };
  }, [value, size]);

  if (state.value === value && state.failed) return <p className="callout callout--warning">{t('commerce.qr_failed')}</p>;
  if (state.value !== value || !state.src) return <span className="skeleton qr-image qr-image--loading" style={{ width: size, height: size }} aria-busy="true" />;
  return <img className="qr-image" src={state.src} width={size} height={size} alt={alt} data-testid="pay-qr" />;
}
