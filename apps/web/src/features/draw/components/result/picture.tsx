import { CloseOutlined, DownloadOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { DrawImage } from '@xueba/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';

export function downloadName(recordId: number, image: DrawImage): string {
  const ext = /\.(png|jpe?g|webp)(?:$|\?)/i.exec(image.url)?.[1] ?? 'png';
  return `drawing-${recordId}-${image.id}.${ext}`;
}

/** One picture large (spec §2 picture), in a native modal dialog: Escape closes it, arrows move between pictures. */
export function Picture({ recordId, images, index, onIndex, onClose, prompt }: { recordId: number; images: DrawImage[]; index: number; onIndex: (i: number) => void; onClose: () => void; prompt: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const image = images[index];
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  if (!image) return null;
  const go = (step: number) => onIndex((index + step + images.length) % images.length);
  return (
    <dialog
      ref={dialog}
      className="draw-picture"
      aria-label={t('draw.picture')}
      data-testid="draw-picture"
      onClose={onClose}
      onCancel={onClose}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        else if (e.key === 'ArrowLeft') go(-1);
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <div className="draw-picture__frame">
        <img src={mediaUrl(image.url)} alt={prompt} width={image.width} height={image.height} />
      </div>
      <div className="draw-picture__bar">
        {images.length > 1 && (
          <button type="button" className="icon-btn" onClick={() => go(-1)} aria-label={t('draw.previous')}>
            <LeftOutlined />
          </button>
        )}
        <span className="small">
          {index + 1}/{images.length} · {image.width}×{image.height}
        </span>
        {images.length > 1 && (
          <button type="button" className="icon-btn" onClick={() => go(1)} aria-label={t('draw.next')}>
            <RightOutlined />
          </button>
        )}
        <a className="icon-btn" href={mediaUrl(image.url)} download={downloadName(recordId, image)} aria-label={t('draw.download')} title={t('draw.download')}>
          <DownloadOutlined />
        </a>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')} data-testid="draw-picture-close">
          <CloseOutlined />
        </button>
      </div>
    </dialog>
  );
}
