import { ShareAltOutlined } from '@ant-design/icons';
import type { DrawImage } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { publishPicture } from '../api/draw-api';

/**
 * Publish one picture to the image square (spec §2 share-square). The server
 * says whether it waits for review or is out at once; a published picture
 * links to its square item instead.
 */
export function ShareSquare({ recordId, image, compact }: { recordId: number; image: DrawImage; compact?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (image.square_id !== null) {
    return (
      <LocaleLink to={`/app/square?id=${image.square_id}`} className={compact ? 'draw-icon-link' : 'btn btn--ghost btn--sm'} data-testid="draw-square-link" title={t('draw.on_square')}>
        <ShareAltOutlined aria-hidden="true" /> {!compact && t('draw.on_square')}
      </LocaleLink>
    );
  }
  const publish = async () => {
    setBusy(true);
    try {
      const item = await publishPicture(recordId, image.id);
      toast.success(item.status === 'published' ? t('msg.square_published') : t('msg.square_pending'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('draw.publish_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={compact ? 'icon-btn icon-btn--sm' : 'btn btn--ghost btn--sm'} disabled={busy} onClick={() => void publish()} data-testid="draw-publish" title={t('draw.publish')} aria-label={t('draw.publish')}>
      <ShareAltOutlined aria-hidden="true" /> {!compact && t('draw.publish')}
    </button>
  );
}
