import { CheckCircleFilled, CheckCircleOutlined, DownloadOutlined, ExpandOutlined } from '@ant-design/icons';
import type { DrawImage, DrawRecord } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { selectPicture } from '../../api/draw-api';
import { ShareSquare } from '../share-square';
import { downloadName, Picture } from './picture';

function SelectToggle({ recordId, image }: { recordId: number; image: DrawImage }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await selectPicture(recordId, image.id, !image.selected);
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('draw.select_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`draw-select-toggle${image.selected ? ' is-selected' : ''}`}
      aria-pressed={image.selected}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="draw-select"
      title={image.selected ? t('draw.unselect') : t('draw.select')}
    >
      {image.selected ? <CheckCircleFilled aria-hidden="true" /> : <CheckCircleOutlined aria-hidden="true" />} {image.selected ? t('draw.selected') : t('draw.select')}
    </button>
  );
}

/** The finished pictures (spec §2 success): keep (select) or drop each, download, publish, open large. */
export function Success({ record, compact }: { record: DrawRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="draw-success" data-testid="draw-success">
      <ul className={`draw-grid${record.images.length === 1 ? ' draw-grid--one' : ''}${compact ? ' draw-grid--compact' : ''}`}>
        {record.images.map((image, i) => (
          <li key={image.id} className={`draw-tile${image.selected ? ' is-selected' : ''}`} data-testid="draw-image" data-selected={image.selected}>
            <button type="button" className="draw-tile__open" onClick={() => setOpen(i)} aria-label={t('draw.open_large')} data-testid="draw-open">
              <img src={mediaUrl(image.thumb_url || image.url)} alt={record.prompt} loading="lazy" style={{ aspectRatio: `${image.width} / ${image.height}` }} />
              <span className="draw-tile__zoom" aria-hidden="true">
                <ExpandOutlined />
              </span>
            </button>
            <div className="draw-tile__actions">
              <SelectToggle recordId={record.id} image={image} />
              <span className="draw-tile__icons">
                <a className="icon-btn icon-btn--sm" href={mediaUrl(image.url)} download={downloadName(record.id, image)} aria-label={t('draw.download')} title={t('draw.download')} data-testid="draw-download">
                  <DownloadOutlined />
                </a>
                <ShareSquare recordId={record.id} image={image} compact />
              </span>
            </div>
          </li>
        ))}
      </ul>
      {!compact && record.revised_prompt && (
        <p className="muted small" data-testid="draw-revised">
          {t('draw.revised_prompt')}: {record.revised_prompt}
        </p>
      )}
      {open !== null && <Picture recordId={record.id} images={record.images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} prompt={record.prompt} />}
    </div>
  );
}
