import '../notice.css';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useUnreadNotices } from '../api/notice-api';

/** The notice centre's path (no locale prefix). */
export const NOTICE_PATH = '/user/notice';

/** The header's bell: the count of unread notices (99+ past 99), linking to the notice centre. Shown to signed-in users only. */
export function NoticeBadge() {
  const { t } = useTranslation();
  const unread = useUnreadNotices(true).data?.unread ?? 0;
  const label = unread > 0 ? t('notice.badge_unread', { count: unread }) : t('notice.title');
  return (
    <LocaleLink to={NOTICE_PATH} className="icon-btn notice-badge" aria-label={label} title={label} data-testid="notice-badge">
      <BellOutlined />
      {unread > 0 && (
        <span className="notice-badge__count" data-testid="notice-badge-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </LocaleLink>
  );
}
