import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX, type SupportMessage } from '@xueba/contract';
import { mediaUrl } from '@/lib/media-url';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/hooks/use-locale';

interface ThreadProps {
  messages: SupportMessage[];
  closed: boolean;
  canAttach: boolean;
  onSend: (content: string, image?: string) => Promise<void>;
  onRestart: () => void;
}

/** Messages as text (never HTML) and the composer; the newest message stays in view. */
export function SupportThread({ messages, closed, canAttach, onSend, onRestart }: ThreadProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last]);

  const submit = async (content: string, image?: string) => {
    if (busy || (!content.trim() && !image)) return;
    setBusy(true);
    try {
      await onSend(content.trim(), image);
      if (!image) setText('');
    } catch {
      // The request layer already showed why.
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit(text);
    }
  };
  const attach = async (file: File | undefined) => {
    if (!file) return;
    const { uploadImage } = await import('@/lib/request/upload');
    try {
      const uploaded = await uploadImage(file);
      await submit('', uploaded.uri);
    } catch {
      // Shown by the request layer (too large, not a picture).
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <>
      <ol className="support-thread" ref={listRef} data-testid="support-messages" aria-live="polite">
        {messages.length === 0 && <li className="support-thread__empty">{t('support.empty')}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`support-msg support-msg--${m.sender}`} data-testid={`support-msg-${m.sender}`}>
            <span className="support-msg__who">
              {m.sender === 'user' ? t('support.you') : t('support.agent')} · {formatDate(m.created_at, locale, true)}
            </span>
            {m.content && <span className="support-msg__text">{m.content}</span>}
            {m.image && (
              <a href={mediaUrl(m.image)} target="_blank" rel="noreferrer noopener">
                <img className="support-msg__image" src={mediaUrl(m.image)} alt={t('support.image')} loading="lazy" />
              </a>
            )}
          </li>
        ))}
      </ol>
      {closed ? (
        <div className="support-closed" data-testid="support-closed">
          <p>{t('support.closed')}</p>
          <button type="button" className="support-btn" onClick={onRestart} data-testid="support-restart">
            {t('support.new_conversation')}
          </button>
        </div>
      ) : (
        <form className="support-compose" onSubmit={onSubmit}>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('support.placeholder')}
            maxLength={SUPPORT_TEXT_MAX}
            rows={2}
            aria-label={t('support.placeholder')}
            data-testid="support-input"
          />
          <div className="support-compose__actions">
            {canAttach && (
              <label className="support-btn support-btn--ghost">
                {t('support.image')}
                <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(e) => void attach(e.target.files?.[0])} />
              </label>
            )}
            <button type="submit" className="support-btn" disabled={busy || !text.trim()} data-testid="support-send">
              {busy ? t('support.sending') : t('support.send')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
