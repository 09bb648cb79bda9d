import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_TEXT_MAX, type FeedbackItem } from '@xueba/contract';
import { mediaUrl } from '@/lib/media-url';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/hooks/use-locale';
import { feedbackDetailQuery, feedbackKeys, replyFeedback } from './feedback-api';

/** One feedback (collection item) and, opened, its thread of replies (reply items) with a reply box. */
export function FeedbackEntry({ item, open, onToggle }: { item: FeedbackItem; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className={`fb-item${item.unread ? ' fb-item--unread' : ''}`} data-testid={`feedback-item-${item.id}`}>
      <button type="button" className="fb-item__head" onClick={onToggle} aria-expanded={open}>
        <span className={`fb-status fb-status--${item.status}`} data-testid="feedback-status">
          {t(`feedback.statuses.${item.status}`)}
        </span>
        <span className="fb-item__cat">{t(`feedback.categories.${item.category}`)}</span>
        <span className="fb-item__text">{item.content}</span>
        {item.unread && (
          <span className="fb-new" data-testid="feedback-new-reply">
            {t('feedback.new_reply')}
          </span>
        )}
        <span className="fb-item__meta">
          {t('feedback.replies', { count: item.reply_count })} · {formatDate(item.updated_at, locale, true)}
        </span>
      </button>
      {open && <FeedbackThread id={item.id} />}
    </li>
  );
}

function FeedbackThread({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const detail = useQuery(feedbackDetailQuery(id));
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const data = detail.data;
  if (!data) return <div className="fb-thread fb-thread--loading" />;

  const reply = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const updated = await replyFeedback(id, text);
      queryClient.setQueryData(feedbackKeys.detail(id), updated);
      setText('');
      await queryClient.invalidateQueries({ queryKey: [...feedbackKeys.all, 'list'] });
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fb-thread" data-testid="feedback-thread">
      <p className="fb-thread__content">{data.content}</p>
      {data.images.length > 0 && (
        <div className="fb-shots">
          {data.images.map((src) => (
            <a key={src} href={mediaUrl(src)} target="_blank" rel="noreferrer noopener" className="fb-shot">
              <img src={mediaUrl(src)} alt="" />
            </a>
          ))}
        </div>
      )}
      {data.page && (
        <p className="fb-page">
          {t('feedback.page')}: <code>{data.page}</code>
        </p>
      )}
      <h3>{t('feedback.thread')}</h3>
      <ol className="fb-replies">
        {data.replies.map((r) => (
          <li key={r.id} className={`fb-reply fb-reply--${r.author}`} data-testid={`feedback-reply-${r.author}`}>
            <span className="fb-reply__who">
              {r.author === 'operator' ? t('feedback.operator') : t('feedback.me')} · {formatDate(r.created_at, locale, true)}
            </span>
            <span className="fb-reply__text">{r.content}</span>
          </li>
        ))}
      </ol>
      {data.status === 'closed' ? (
        <p className="fb-closed">{t('feedback.closed_note')}</p>
      ) : (
        <form className="fb-reply-form" onSubmit={reply}>
          <textarea rows={2} value={text} maxLength={FEEDBACK_TEXT_MAX} onChange={(e) => setText(e.target.value)} placeholder={t('feedback.reply_placeholder')} aria-label={t('feedback.reply_placeholder')} data-testid="feedback-reply-input" />
          <button type="submit" className="fb-btn" disabled={busy || !text.trim()} data-testid="feedback-reply-send">
            {t('feedback.reply')}
          </button>
        </form>
      )}
    </div>
  );
}
