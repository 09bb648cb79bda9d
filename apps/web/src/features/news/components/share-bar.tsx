import { CopyOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';

/** The link drawn as a QR code for phones; the encoder loads only when the code is first asked for. */
function ShareQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ url: string; src: string | null }>({ url: '', src: null });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { width: 180, margin: 1, errorCorrectionLevel: 'M' }))
      .then((src) => live && setDrawn({ url, src }))
      .catch(() => live && setDrawn({ url, src: null }));
    return () => {
      live = false;
    };
  }, [url]);
  if (drawn.url !== url) return <span className="skeleton share-bar__qr" aria-busy="true" />;
  if (!drawn.src) return <p className="muted">{t('news.qr_failed')}</p>;
  return <img className="share-bar__qr" src={drawn.src} width={180} height={180} alt={t('news.share_qr_alt')} data-testid="news-share-qr" />;
}

/** Share an article: copy its address, or show it as a QR code to open on a phone. */
export function ShareBar({ url }: { url: string }) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <div className="share-bar" data-testid="news-share">
      <span className="muted">{t('news.share')}</span>
      <button type="button" className="btn btn--outline btn--sm" onClick={() => void copyText(url, t('msg.copied'), t('msg.copy_failed'))} data-testid="news-copy-link">
        <CopyOutlined aria-hidden="true" /> {t('news.copy_link')}
      </button>
      <button type="button" className="btn btn--outline btn--sm" aria-expanded={qrOpen} onClick={() => setQrOpen((open) => !open)} data-testid="news-qr-toggle">
        <QrcodeOutlined aria-hidden="true" /> {t('news.qr')}
      </button>
      {qrOpen && (
        <div className="share-bar__panel">
          <ShareQr url={url} />
          <span className="muted">{t('news.qr_hint')}</span>
        </div>
      )}
    </div>
  );
}
