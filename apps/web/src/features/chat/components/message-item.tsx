import {
  CopyOutlined,
  EditOutlined,
  LinkOutlined,
  NodeIndexOutlined,
  PauseCircleOutlined,
  RedoOutlined,
  SoundOutlined,
  StarFilled,
  StarOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '@/components/markdown/markdown';
import { useLocalePath } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import { checkUrl } from '@/lib/safe-navigate';
import type { UiMessage } from '../hooks/use-chat-session';

export interface MessageActions {
  onEdit?: (key: string, content: string) => void;
  onRegenerate?: () => void;
  onFavorite?: (message: UiMessage) => void;
  onSpeak?: (message: UiMessage) => void;
}

function Sources({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  if (message.sources.length === 0) return null;
  return (
    <section className="msg-sources" data-testid="message-sources">
      <h4>{t('chat.sources')}</h4>
      <ol>
        {message.sources.map((s) => {
          const url = s.url ? checkUrl(s.url, { allowExternal: true }) : null;
          const label = `${s.title}${s.page ? ` · ${t('chat.source_page', { page: s.page })}` : ''}`;
          return (
            <li key={`${s.n}-${s.id}`} value={s.n}>
              <span className="tag">{t(`chat.source_${['help', 'example', 'paper', 'document'].includes(s.source) ? s.source : 'other'}`)}</span>{' '}
              {url?.ok ? (
                <a href={url.href} target={url.external ? '_blank' : undefined} rel={url.external ? 'noopener noreferrer' : undefined}>
                  <LinkOutlined aria-hidden="true" /> {label}
                </a>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The offline answer's notice; an administrator also gets the way to connect a model. */
function OfflineBadge() {
  const { t } = useTranslation();
  const { user } = useUser();
  const localePath = useLocalePath();
  return (
    <p className="msg__offline" data-testid="offline-badge">
      {t('chat.offline_badge')}
      {user?.role === 'admin' && (
        <>
          {' · '}
          <Link to={localePath('/admin/models')} data-testid="offline-connect-model">
            {t('chat.connect_model')}
          </Link>
        </>
      )}
    </p>
  );
}

function QuestionEditor({ message, onSave, onCancel }: { message: UiMessage; onSave: (content: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(message.content);
  return (
    <div className="msg-edit">
      <textarea autoFocus value={text} onChange={(e) => setText(e.target.value)} rows={3} data-testid="msg-edit-input" aria-label={t('chat.edit')} />
      <div className="msg-edit__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => text.trim() && onSave(text.trim())} disabled={!text.trim()} data-testid="msg-edit-send">
          {t('chat.edit_send')}
        </button>
      </div>
    </div>
  );
}

/** One question or answer with its actions. Memoised: while an answer streams, only that message re-renders. */
export const MessageItem = memo(function MessageItem({
  message,
  isLast,
  busy,
  speaking,
  actions,
}: {
  message: UiMessage;
  isLast: boolean;
  /** Another answer is streaming: actions that would start one are disabled. */
  busy: boolean;
  speaking: boolean;
  actions: MessageActions;
}) {
  const { t } = useTranslation();
  const { user } = useUser();
  const localePath = useLocalePath();
  const [editing, setEditing] = useState(false);
  const copy = () => void copyText(message.content, t('msg.copied'), t('msg.copy_failed'));

  if (message.role === 'user') {
    return (
      <div className="msg msg--user" data-testid="message-user">
        {editing && actions.onEdit ? (
          <QuestionEditor
            message={message}
            onCancel={() => setEditing(false)}
            onSave={(content) => {
              setEditing(false);
              actions.onEdit?.(message.key, content);
            }}
          />
        ) : (
          <>
            <div className="msg__bubble">{message.content}</div>
            <div className="msg__actions">
              <button type="button" className="icon-btn icon-btn--sm" onClick={copy} aria-label={t('chat.copy')} title={t('chat.copy')}>
                <CopyOutlined />
              </button>
              {actions.onEdit && message.id !== null && (
                <button type="button" className="icon-btn icon-btn--sm" onClick={() => setEditing(true)} disabled={busy} aria-label={t('chat.edit')} title={t('chat.edit')} data-testid="msg-edit">
                  <EditOutlined />
                </button>
              )}
            </div>
          </>
        )}
      </div>
    );
  }

  const generating = message.status === 'generating';
  return (
    <div className={`msg msg--assistant msg--${message.status}`} data-testid="message-assistant" data-status={message.status} aria-busy={generating}>
      {message.offline && <OfflineBadge />}
      <div className="msg__body" data-testid="message-content">
        {message.content ? <Markdown text={message.content} /> : generating ? <span className="msg__thinking">{t('chat.thinking')}</span> : null}
        {generating && message.content && <span className="msg__caret" aria-hidden="true" />}
      </div>
      <Sources message={message} />
      {message.status === 'stopped' && (
        <p className="msg__note" data-testid="message-stopped">
          {t('chat.stopped')}
        </p>
      )}
      {message.status === 'failed' && (
        <div className="msg__error" role="alert" data-testid="message-error">
          <WarningOutlined aria-hidden="true" /> <span>{message.error ?? t('chat.stream_failed')}</span>
          {isLast && actions.onRegenerate && (
            <button type="button" className="link-btn" onClick={actions.onRegenerate} disabled={busy} data-testid="message-retry">
              {t('common.retry')}
            </button>
          )}
        </div>
      )}
      {!generating && (
        <div className="msg__actions">
          <button type="button" className="icon-btn icon-btn--sm" onClick={copy} aria-label={t('chat.copy')} title={t('chat.copy')} data-testid="msg-copy">
            <CopyOutlined />
          </button>
          {isLast && actions.onRegenerate && message.status !== 'failed' && (
            <button type="button" className="icon-btn icon-btn--sm" onClick={actions.onRegenerate} disabled={busy} aria-label={t('chat.regenerate')} title={t('chat.regenerate')} data-testid="msg-regenerate">
              <RedoOutlined />
            </button>
          )}
          {actions.onFavorite && message.id !== null && message.status !== 'failed' && (
            <button
              type="button"
              className={`icon-btn icon-btn--sm${message.favoriteId ? ' is-on' : ''}`}
              onClick={() => actions.onFavorite?.(message)}
              aria-pressed={message.favoriteId !== null}
              aria-label={message.favoriteId ? t('chat.unfavorite') : t('chat.favorite')}
              title={message.favoriteId ? t('chat.unfavorite') : t('chat.favorite')}
              data-testid="msg-favorite"
            >
              {message.favoriteId ? <StarFilled /> : <StarOutlined />}
            </button>
          )}
          {user && message.id !== null && (message.status === 'done' || message.status === 'stopped') && message.content && (
            // The mind map page makes the answer's map and opens it.
            <Link
              to={localePath(`/app/mind_map?from=answer&message_id=${message.id}`)}
              className="icon-btn icon-btn--sm"
              aria-label={t('chat.to_mind_map')}
              title={t('chat.to_mind_map')}
              data-testid="msg-mindmap"
            >
              <NodeIndexOutlined />
            </Link>
          )}
          {actions.onSpeak && message.content && (
            <button
              type="button"
              className="icon-btn icon-btn--sm"
              onClick={() => actions.onSpeak?.(message)}
              aria-pressed={speaking}
              aria-label={speaking ? t('chat.speak_stop') : t('chat.speak')}
              title={speaking ? t('chat.speak_stop') : t('chat.speak')}
              data-testid="msg-speak"
            >
              {speaking ? <PauseCircleOutlined /> : <SoundOutlined />}
            </button>
          )}
        </div>
      )}
    </div>
  );
});
