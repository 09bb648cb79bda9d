import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posterUrl } from '../api/square-api';
import { SquareDialog } from './square-dialog';

/** The poster pop-up: the PNG the server draws (picture + QR code of the share link), its download, and how to keep it on a phone. */
export function PosterDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const src = posterUrl(id);
  return (
    <SquareDialog title={t('square.poster')} onClose={onClose} className="sq-dialog--poster" testId="square-poster">
      <div className="sq-poster">
        {state === 'failed' ? (
          <p className="callout callout--warning" role="alert" data-testid="square-poster-failed">
            {t('square.poster_failed')}
          </p>
        ) : (
          <>
            {state === 'loading' && <p className="muted">{t('square.poster_making')}</p>}
            <img
              className="sq-poster__img"
              src={src}
              alt={t('square.poster_alt')}
              hidden={state !== 'ready'}
              onLoad={() => setState('ready')}
              onError={() => setState('failed')}
              data-testid="square-poster-img"
            />
          </>
        )}
        <p className="muted sq-poster__hint">{t('square.poster_hint')}</p>
        <a className="btn btn--primary" href={src} download={`square-${id}.png`} data-testid="square-poster-download">
          <DownloadOutlined aria-hidden="true" /> {t('square.poster_download')}
        </a>
      </div>
    </SquareDialog>
  );
}
