import { CloseOutlined, NotificationOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/lib/site-config';
import { getItem, setItem } from '@/lib/storage';

/** A short stable fingerprint, so a dismissed bulletin stays hidden until its text changes. */
export function noticeFingerprint(title: string, content: string): string {
  let hash = 5381;
  const text = `${title}\u0000${content}`;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

/** The bulletin from config (spec §2 notice); dismissal is remembered per content in `app_notice`. */
export function NoticeBar() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const { is_open: open, title, content } = config.bulletin_config;
  const fingerprint = noticeFingerprint(title, content);
  const [dismissed, setDismissed] = useState(() => getItem<string>('notice'));
  if (!open || (!title && !content) || dismissed === fingerprint) return null;
  return (
    <div className="notice-bar" role="status" data-testid="notice">
      <NotificationOutlined aria-hidden="true" />
      <div className="notice-bar__text">
        {title && <strong>{title}</strong>}
        {content && <span>{content}</span>}
      </div>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        aria-label={t('common.close')}
        data-testid="notice-close"
        onClick={() => {
          setItem('notice', fingerprint);
          setDismissed(fingerprint);
        }}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}
