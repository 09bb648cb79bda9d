import { BulbOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import type { DocCitation, DocInterpretation } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown/markdown';
import { useLocale } from '@/hooks/use-locale';
import { toast } from '@/lib/notify';
import { formatDate } from '@/lib/format';
import { docConversationsQuery, docInterpretQuery, favoriteAnswer } from '../api/doc-api';
import { useDocSession, type DocUiMessage } from '../hooks/use-doc-session';
import { DocAnswer } from './doc-answer';

function Interpretation({ data, onAsk, busy }: { data: DocInterpretation; onAsk: (q: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="doc-interpret" data-testid="doc-interpretation">
      <h3>
        <BulbOutlined aria-hidden="true" /> {t('doc.qa.interpretation')}
      </h3>
      {data.notice && <p className="doc-interpret__notice">{data.notice}</p>}
      <dl>
        <dt>{t('doc.qa.about')}</dt>
        <dd>
          <Markdown text={data.about} />
        </dd>
        {data.method && (
          <>
            <dt>{t('doc.qa.method')}</dt>
            <dd>
              <Markdown text={data.method} />
            </dd>
          </>
        )}
        {data.findings && (
          <>
            <dt>{t('doc.qa.findings')}</dt>
            <dd>
              <Markdown text={data.findings} />
            </dd>
          </>
        )}
      </dl>
      {data.questions.length > 0 && (
        <div className="doc-suggest">
          <h4>{t('doc.qa.suggested')}</h4>
          {data.questions.map((q) => (
            <button key={q} type="button" className="doc-suggest__item" onClick={() => onAsk(q)} disabled={busy} data-testid="doc-suggestion">
              {q}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * Questions and answers about one document or several: on first open the
 * interpretation and three suggested questions, then the history, streamed
 * answers with `[n]` chips, copy and bookmark.
 */
export function DocQa({ docIds, ready, onCite }: { docIds: number[]; ready: boolean; onCite: (citation: DocCitation) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const single = docIds.length === 1;
  const [chosen, setChosen] = useState<number | 'latest' | 'new'>('latest');
  const session = useDocSession(docIds, chosen);
  const conversations = useQuery({ ...docConversationsQuery(docIds[0] ?? 0), enabled: single && ready });
  const history = conversations.data?.lists ?? [];
  const interpretation = useQuery({ ...docInterpretQuery(docIds[0] ?? 0, locale), enabled: single && ready });
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const last = session.messages[session.messages.length - 1];

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [session.messages.length, last?.content.length]);

  const ask = useCallback(
    async (question: string) => {
      const q = question.trim();
      if (!q) {
        toast.warning(t('msg.chat_content_empty'));
        return;
      }
      setText('');
      const refused = await session.ask(q);
      if (refused) {
        toast.error(refused);
        setText(q);
      }
    },
    [session, t],
  );

  const favorite = useCallback(
    async (message: DocUiMessage) => {
      if (message.id === null) return;
      const on = message.favoriteId === null;
      try {
        const result = await favoriteAnswer(message.id, on);
        session.setFavorite(message.key, result.favorite_id);
        toast.success(t(on ? 'msg.bookmark_added' : 'msg.bookmark_removed'));
      } catch (error) {
        toast.error(error instanceof Error && error.message ? error.message : t('msg.favorite_failed'));
      }
    },
    [session, t],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Spec §5: Enter sends, Shift+Enter makes a new line (and Enter while composing CJK input does neither).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!session.streaming) void ask(text);
    }
  };

  return (
    <div className="doc-qa" data-testid="doc-qa">
      {single && history.length > 0 && (
        <div className="doc-qa__bar">
          <Select<number>
            size="small"
            className="doc-qa__history"
            value={session.conversationId ?? undefined}
            placeholder={t('doc.qa.new_chat')}
            disabled={session.streaming}
            onChange={setChosen}
            aria-label={t('doc.qa.history')}
            options={history.map((c) => ({ value: c.id, label: `${c.title} · ${formatDate(c.updated_at, locale)}` }))}
            data-testid="doc-history"
          />
          <Button size="small" icon={<PlusOutlined />} disabled={session.streaming || session.messages.length === 0} onClick={() => setChosen('new')} data-testid="doc-new-chat">
            {t('doc.qa.new_chat')}
          </Button>
        </div>
      )}
      <div className="doc-qa__scroll" ref={scroller}>
        {!ready && <p className="doc-qa__hint">{t('doc.qa.not_ready')}</p>}
        {!single && <p className="doc-qa__hint" data-testid="doc-multi-hint">{t('doc.qa.multi', { count: docIds.length })}</p>}
        {single && ready && interpretation.isPending && <p className="doc-qa__hint">{t('doc.qa.interpreting')}</p>}
        {single && interpretation.isError && <p className="doc-qa__hint">{interpretation.error.message}</p>}
        {single && interpretation.data && <Interpretation data={interpretation.data} onAsk={(q) => void ask(q)} busy={session.streaming || !ready} />}
        {session.loadError && <p className="doc-qa__hint">{t('doc.qa.history_failed')}</p>}
        {session.messages.map((m) => (
          <DocAnswer key={m.key} message={m} onCite={onCite} onFavorite={(msg) => void favorite(msg)} />
        ))}
      </div>
      <div className="doc-composer">
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={2000}
          placeholder={t('doc.qa.placeholder')}
          aria-label={t('doc.qa.placeholder')}
          disabled={!ready}
          data-testid="doc-question-input"
        />
        {session.streaming ? (
          <button type="button" className="btn btn--ghost" onClick={session.stop} data-testid="doc-stop">
            <StopOutlined /> {t('doc.qa.stop')}
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => void ask(text)} disabled={!ready || !text.trim()} data-testid="doc-ask">
            <SendOutlined /> {t('doc.qa.send')}
          </button>
        )}
      </div>
    </div>
  );
}
