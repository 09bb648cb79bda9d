import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posterUrl } from '../api/promotion';

/** The promoter's poster (drawn on the server, with the QR code of the invitation link) and its download. */
export function Poster({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const src = posterUrl(shareId);
  return (
    <div className="poster" data-testid="poster">
      {failed ? (
        <p className="callout callout--warning">{t('promotion.poster_failed')}</p>
      ) : (
        <img className="poster__img" src={src} alt={t('promotion.poster_alt')} loading="lazy" onError={() => setFailed(true)} data-testid="poster-img" />
      )}
      <a className="btn btn--outline" href={src} download={`poster-${shareId}.svg`} data-testid="poster-download">
        <DownloadOutlined aria-hidden="true" /> {t('promotion.poster_download')}
      </a>
    </div>
  );
}
