import { CopyOutlined, StarFilled, StarOutlined, WarningOutlined } from '@ant-design/icons';
import type { DocCitation } from '@xueba/contract';
import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { citationOfHref, linkCitations } from '@/components/markdown/citations';
import { Markdown } from '@/components/markdown/markdown';
import { copyText } from '@/lib/clipboard';
import type { DocUiMessage } from '../hooks/use-doc-session';

const ANCHOR = '#doc-cite-';

/** The passages under an answer, numbered as the answer cites them; each opens its page. */
function CitationList({ citations, onCite }: { citations: DocCitation[]; onCite: (c: DocCitation) => void }) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <section className="doc-cites" data-testid="doc-citations">
      <h4>{t('doc.qa.citations')}</h4>
      <ol>
        {citations.map((c) => (
          <li key={c.n} value={c.n}>
            <button type="button" className="doc-cites__item" onClick={() => onCite(c)} data-testid="doc-citation-item" data-n={c.n}>
              <span className="doc-cites__where">
                [{c.n}] {c.doc_name} · {t('doc.qa.page', { page: c.page })}
              </span>
              <span className="doc-cites__text">{c.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One question or answer; `[n]` in answers are chips that open the cited page in the viewer. */
export const DocAnswer = memo(function DocAnswer({
  message,
  onCite,
  onFavorite,
}: {
  message: DocUiMessage;
  onCite: (citation: DocCitation) => void;
  onFavorite: (message: DocUiMessage) => void;
}) {
  const { t } = useTranslation();
  const copy = () => void copyText(message.content, t('msg.copied'), t('msg.copy_failed'));
  if (message.role === 'user') {
    return (
      <div className="msg msg--user" data-testid="doc-question">
        <div className="msg__bubble">{message.content}</div>
      </div>
    );
  }
  const generating = message.status === 'generating';
  const max = message.citations.reduce((m, c) => Math.max(m, c.n), 0);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const n = citationOfHref((event.target as HTMLElement).closest('a')?.getAttribute('href'), ANCHOR);
    if (n === null) return;
    event.preventDefault();
    const citation = message.citations.find((c) => c.n === n);
    if (citation) onCite(citation);
  };
  return (
    <div className={`msg msg--assistant msg--${message.status}`} data-testid="doc-answer" data-status={message.status} aria-busy={generating}>
      {message.offline && (
        <p className="msg__offline" data-testid="doc-offline-badge">
          {t('chat.offline_badge')}
        </p>
      )}
      {/* The click handler only reroutes the citation links rendered inside; they stay keyboard-focusable links. */}
      <div className="msg__body doc-answer__body" onClick={onClick} data-testid="doc-answer-content">
        {message.content ? (
          // Citations become links only once the end event has listed them: while streaming they are plain text.
          <Markdown text={max > 0 ? linkCitations(message.content, max, ANCHOR) : message.content} />
        ) : generating ? (
          <span className="msg__thinking">{t('chat.thinking')}</span>
        ) : null}
        {generating && message.content && <span className="msg__caret" aria-hidden="true" />}
      </div>
      <CitationList citations={message.citations} onCite={onCite} />
      {message.status === 'stopped' && <p className="msg__note">{t('chat.stopped')}</p>}
      {message.status === 'failed' && (
        <div className="msg__error" role="alert" data-testid="doc-answer-error">
          <WarningOutlined aria-hidden="true" /> <span>{message.error ?? t('chat.stream_failed')}</span>
        </div>
      )}
      {!generating && message.status !== 'failed' && (
        <div className="msg__actions">
          <button type="button" className="icon-btn icon-btn--sm" onClick={copy} aria-label={t('chat.copy')} title={t('chat.copy')} data-testid="doc-copy">
            <CopyOutlined />
          </button>
          {message.id !== null && (
            <button
              type="button"
              className={`icon-btn icon-btn--sm${message.favoriteId ? ' is-on' : ''}`}
              onClick={() => onFavorite(message)}
              aria-pressed={message.favoriteId !== null}
              aria-label={message.favoriteId ? t('chat.unfavorite') : t('chat.favorite')}
              title={message.favoriteId ? t('chat.unfavorite') : t('chat.favorite')}
              data-testid="doc-favorite"
            >
              {message.favoriteId ? <StarFilled /> : <StarOutlined />}
            </button>
          )}
        </div>
      )}
    </div>
  );
});
