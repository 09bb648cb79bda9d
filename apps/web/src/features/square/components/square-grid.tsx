import type { SquareItem } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { StatusBadge } from './status-badge';

/**
 * Masonry by CSS columns: each tile keeps its picture's ratio (known from the
 * item, so nothing jumps while thumbnails load), and columns follow the width.
 */
export function SquareGrid({ items, showStatus, onOpen }: { items: SquareItem[]; showStatus: boolean; onOpen: (item: SquareItem) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="sq-grid" data-testid="square-grid">
      {items.map((item) => (
        <li key={item.id} className="sq-tile">
          <button type="button" className="sq-tile__btn" onClick={() => onOpen(item)} aria-label={t('square.open_item', { prompt: item.prompt.slice(0, 80) })} data-testid={`square-tile-${item.id}`}>
            <img
              className="sq-tile__img"
              src={mediaUrl(item.thumb_url)}
              alt=""
              loading="lazy"
              decoding="async"
              style={{ aspectRatio: `${Math.max(1, item.width)} / ${Math.max(1, item.height)}` }}
            />
            <span className="sq-tile__caption">
              <span className="sq-tile__prompt">{item.prompt}</span>
              <span className="sq-tile__author">{item.nickname}</span>
            </span>
            {showStatus && (
              <span className="sq-tile__status">
                <StatusBadge status={item.status} />
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
