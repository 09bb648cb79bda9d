import { PictureOutlined } from '@ant-design/icons';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSource } from './safe-url';

/**
 * An image in an answer. This site's stored files render at once; an image on
 * any other host is a button showing its alt text and host, and the browser
 * asks that host only after the click (decision 0019).
 */
export function AnswerImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [clicked, setClicked] = useState(false);
  const { direct, host } = imageSource(src);
  // Inside a linked image the click loads the image; it does not follow the link.
  const load = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setClicked(true);
  };
  if (direct || clicked) return <img src={src} alt={alt} loading={direct ? 'lazy' : 'eager'} referrerPolicy="no-referrer" data-testid="md-image" />;
  return (
    <button type="button" className="md-image-gate" data-testid="md-image-gate" title={t('md.image_why')} onClick={load}>
      <PictureOutlined className="md-image-gate__icon" aria-hidden="true" />
      <span className="md-image-gate__text">
        {alt && <span className="md-image-gate__alt">{alt}</span>}
        {host && <span className="md-image-gate__host">{t('md.image_from', { host })}</span>}
        <span className="md-image-gate__label">{t('md.load_image')}</span>
      </span>
    </button>
  );
}
