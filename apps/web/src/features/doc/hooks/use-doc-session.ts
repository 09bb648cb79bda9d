import type { DocChatEvent, DocCitation, DocMessage } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStream, type StreamFrame } from '@/hooks/use-ai-stream';
import { api } from '@/lib/api';
import { applyStreamBalance } from '@/lib/ai-stream';
import { queryClient } from '@/lib/query-client';
import { docKeys, docMessagesQuery } from '../api/doc-api';

export interface DocUiMessage {
  key: string;
  id: number | null;
  role: 'user' | 'assistant';
  content: string;
  status: DocMessage['status'];
  error: string | null;
  citations: DocCitation[];
  favoriteId: number | null;
  offline: boolean;
}

let seq = 0;
const nextKey = () => `d${++seq}`;

const fromServer = (m: DocMessage, errorText: (code: string) => string): DocUiMessage => ({
  key: `s${m.id}`,
  id: m.id,
  role: m.role,
  content: m.content,
  status: m.status,
  error: m.error ? errorText(m.error) : null,
  citations: m.citations,
  favoriteId: m.favorite_id,
  offline: false,
});

/**
 * The Q&A of one document (or of several, asked together): the latest stored
 * conversation of the first document is loaded, then answers stream into it
 * through `useAiStream`, as in chat.
 */
export function useDocSession(docIds: readonly number[], chosen: number | 'latest' | 'new' = 'latest') {
  const { t } = useTranslation();
  const primary = docIds[0] ?? 0;
  // Several documents asked together start a fresh conversation; history is per document.
  const single = docIds.length === 1;
  const history = useQuery({ ...docMessagesQuery(primary, typeof chosen === 'number' ? chosen : null), enabled: single && primary > 0 && chosen !== 'new' });
  const [messages, setMessages] = useState<DocUiMessage[]>([]);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [loadedFor, setLoadedFor] = useState<string>('');
  const stream = useAiStream<DocChatEvent>();
  const idsKey = `${docIds.join(',')}:${chosen}`;

  const errorText = useCallback(
    (code: string, msg?: string) => {
      if (msg) return msg;
      const text = t(`msg.${code}`);
      return text === `msg.${code}` ? t('chat.stream_failed') : text;
    },
    [t],
  );

  if (loadedFor !== idsKey && !streaming) {
    if (!single || chosen === 'new') {
      setLoadedFor(idsKey);
      setMessages([]);
      setConversationId(null);
    } else if (history.data && !history.isFetching) {
      setLoadedFor(idsKey);
      setMessages(history.data.lists.map((m) => fromServer(m, errorText)));
      setConversationId(history.data.conversation?.id ?? null);
    }
  }

  const patch = useCallback((key: string, update: (m: DocUiMessage) => Partial<DocUiMessage>) => {
    setMessages((list) => list.map((m) => (m.key === key ? { ...m, ...update(m) } : m)));
  }, []);

  /** Asks a question; resolves with the refusal's message when the server refused before streaming. */
  const ask = useCallback(
    async (question: string): Promise<string | null> => {
      const q: DocUiMessage = { key: nextKey(), id: null, role: 'user', content: question, status: 'done', error: null, citations: [], favoriteId: null, offline: false };
      const a: DocUiMessage = { ...q, key: nextKey(), role: 'assistant', content: '', status: 'generating' };
      setMessages((list) => [...list, q, a]);
      setStreaming(true);
      const onFrame = (event: StreamFrame<DocChatEvent>) => {
        switch (event.type) {
          case 'start':
            setConversationId(event.conversation_id);
            setMessages((list) =>
              list.map((m) => (m.key === a.key ? { ...m, id: event.assistant_message_id, offline: event.offline } : m.key === q.key ? { ...m, id: event.user_message_id } : m)),
            );
            break;
          case 'end':
            patch(a.key, (m) => ({ status: event.status, citations: event.citations, id: event.message_id ?? m.id }));
            applyStreamBalance(event.balance);
            break;
          case 'error':
            patch(a.key, (m) => ({ status: 'failed', error: errorText(event.code, event.msg), id: event.message_id ?? m.id }));
            applyStreamBalance(event.balance);
            break;
        }
      };
      try {
        const outcome = await stream.run(api.docChat, { doc_ids: [...docIds], question, conversation_id: conversationId ?? undefined }, { onFrame, onText: (text) => patch(a.key, (m) => ({ content: m.content + text })) });
        switch (outcome.kind) {
          case 'stopped':
            patch(a.key, (m) => (m.status === 'generating' ? { status: 'stopped' } : {}));
            return null;
          case 'refused':
            setMessages((list) => list.filter((m) => m.key !== q.key && m.key !== a.key));
            return outcome.error.message || t('chat.stream_failed');
          case 'failed':
            patch(a.key, () => ({ status: 'failed', error: outcome.message ?? t('chat.stream_failed') }));
            return null;
          default:
            return null;
        }
      } finally {
        setStreaming(false);
        if (single) {
          void queryClient.invalidateQueries({ queryKey: ['doc', 'messages', primary], refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: docKeys.conversations(primary) });
        }
      }
    },
    [conversationId, docIds, errorText, patch, primary, single, stream, t],
  );

  const stop = useCallback(() => void stream.stop(), [stream]);
  const setFavorite = useCallback((key: string, favoriteId: number | null) => patch(key, () => ({ favoriteId })), [patch]);

  return { messages, streaming, conversationId, loading: loadedFor !== idsKey, loadError: history.isError, ask, stop, setFavorite };
}
