import type { BodyOf, ChatMessage, ChatStreamEvent, MessageStatus, Source, api as contractApi } from '@xueba/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiStream, type StreamFrame } from '@/hooks/use-ai-stream';
import { api, type EndpointRef } from '@/lib/api';
import { applyStreamBalance, countVisitorQuestion } from '@/lib/ai-stream';
import { queryClient } from '@/lib/query-client';
import type { RequestError } from '@/lib/request';
import { chatKeys, invalidateConversations } from '../api/conversations';
import { stopAnswer } from '../api/actions';
import { useMessages } from '../api/messages';

export interface UiMessage {
  /** Stable React key: server ids arrive only with the `start` event. */
  key: string;
  id: number | null;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  /** Translated failure text shown in the message. */
  error: string | null;
  sources: Source[];
  favoriteId: number | null;
  /** Answered by the offline retrieval channel (no model). */
  offline: boolean;
  model: string | null;
}

let keySeq = 0;
const nextKey = () => `m${++keySeq}`;

function fromServer(message: ChatMessage, errorText: (code: string) => string): UiMessage {
  return {
    key: `s${message.id}`,
    id: message.id,
    role: message.role,
    content: message.content,
    // An answer still "generating" on load belongs to another tab or a crashed stream; it is shown as such.
    status: message.status,
    error: message.error ? errorText(message.error) : null,
    sources: message.sources,
    favoriteId: message.favorite_id,
    offline: message.model === 'offline',
    model: message.model,
  };
}

function placeholder(model: string | undefined): UiMessage {
  return { key: nextKey(), id: null, role: 'assistant', content: '', status: 'generating', error: null, sources: [], favoriteId: null, offline: false, model: model ?? null };
}

export type SendOutcome = 'ok' | 'refused';

/** The three endpoints that answer a chat question with `ChatStreamEvent` frames. */
type ChatStreamEndpoint = (typeof contractApi)['chatSend' | 'chatRegenerate' | 'chatEdit'];

interface Options {
  conversationId: number | null;
  /** Called when the server creates the conversation of a first question. */
  onConversation: (id: number) => void;
  model: string | undefined;
  signedIn: boolean;
  /** A refusal before the stream started (balance, limits, sign-in). */
  onRefused: (error: RequestError) => void;
  /** The skill a new conversation starts with (an existing one keeps its own). */
  skillId?: number | null;
}

/**
 * The live copy of one conversation: loads it from the server, then streams
 * answers into it through `useAiStream` (deltas batched per animation frame;
 * leaving the page cuts the connection and the server keeps the partial answer).
 */
export function useChatSession({ conversationId, onConversation, model, signedIn, onRefused, skillId = null }: Options) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [title, setTitle] = useState<string | null>(null);
  /** Which conversation `messages` holds; null: a new, unsaved one. */
  const [owner, setOwner] = useState<number | null>(null);
  const stream = useAiStream<ChatStreamEvent>();
  /** Server id of the answer being streamed (known from its `start` frame), for stop. */
  const answerId = useRef<{ id: number | null } | null>(null);
  const query = useMessages(conversationId);

  const errorText = useCallback(
    (code: string, msg?: string) => {
      if (msg) return msg;
      const key = `msg.${code}`;
      const text = t(key);
      return text === key ? t('chat.stream_failed') : text;
    },
    [t],
  );

  // Switching conversation (or loading one) replaces the live copy, unless it already is that conversation.
  const loaded = query.data;
  if (conversationId === null && owner !== null && !streaming) {
    setOwner(null);
    setMessages([]);
    setTitle(null);
  } else if (conversationId !== null && conversationId !== owner && loaded && !query.isFetching && loaded.conversation.id === conversationId) {
    setOwner(conversationId);
    setMessages(loaded.lists.map((m) => fromServer(m, errorText)));
    setTitle(loaded.conversation.title);
  }

  const patch = useCallback((key: string, update: (m: UiMessage) => Partial<UiMessage>) => {
    setMessages((list) => list.map((m) => (m.key === key ? { ...m, ...update(m) } : m)));
  }, []);

  /** Streams one answer into the assistant message `key`. */
  const runStream = useCallback(
    async <E extends ChatStreamEndpoint>(endpoint: EndpointRef<E>, body: BodyOf<E>, key: string): Promise<SendOutcome> => {
      const current = { id: null as number | null };
      answerId.current = current;
      setStreaming(true);
      let created: number | null = null;
      const onFrame = (event: StreamFrame<ChatStreamEvent>) => {
        switch (event.type) {
          case 'start':
            current.id = event.assistant_message_id;
            if (!signedIn) countVisitorQuestion();
            setMessages((list) =>
              list.map((m) => {
                if (m.key === key) return { ...m, id: event.assistant_message_id, offline: event.offline, model: event.model };
                // The question just before the answer gets its id too (edit, favourite).
                const index = list.findIndex((x) => x.key === key);
                return list[index - 1]?.key === m.key && m.id === null ? { ...m, id: event.user_message_id } : m;
              }),
            );
            if (event.title) setTitle(event.title);
            // A new conversation is adopted once the answer is under way for sure (a refused turn stores nothing).
            if (event.conversation_id !== null && event.conversation_id !== conversationId) created = event.conversation_id;
            break;
          case 'sources':
            patch(key, () => ({ sources: event.passages }));
            break;
          case 'end':
            patch(key, () => ({ status: event.status, id: event.message_id ?? current.id }));
            applyStreamBalance(event.balance);
            break;
          case 'error':
            patch(key, () => ({ status: 'failed', error: errorText(event.code, event.msg), id: event.message_id ?? current.id }));
            applyStreamBalance(event.balance);
            break;
        }
      };
      try {
        // Refused after the stream started (a race with another tab): the same as a refusal before it.
        const outcome = await stream.run(endpoint, body, { onFrame, onText: (text) => patch(key, (m) => ({ content: m.content + text })), refusalFrames: true });
        switch (outcome.kind) {
          case 'refused':
            created = null;
            onRefused(outcome.error);
            return 'refused';
          case 'stopped':
            patch(key, (m) => (m.status === 'generating' ? { status: 'stopped' } : {}));
            return 'ok';
          case 'failed':
            patch(key, () => ({ status: 'failed', error: outcome.message ?? t('chat.stream_failed') }));
            return 'ok';
          default:
            return 'ok';
        }
      } finally {
        if (created !== null) {
          setOwner(created);
          onConversation(created);
        }
        if (answerId.current === current) answerId.current = null;
        setStreaming(false);
        const id = conversationId ?? current.id;
        void invalidateConversations();
        if (id !== null) void queryClient.invalidateQueries({ queryKey: ['chat', 'messages'], refetchType: 'none' });
      }
    },
    [conversationId, errorText, onConversation, onRefused, patch, signedIn, stream, t],
  );

  const send = useCallback(
    async (content: string): Promise<SendOutcome> => {
      const question: UiMessage = { ...placeholder(model), role: 'user', content, status: 'done' };
      const answer = placeholder(model);
      setMessages((list) => [...list, question, answer]);
      const skill = conversationId === null && skillId !== null ? { skill_id: skillId } : {};
      const outcome = await runStream(api.chatSend, { conversation_id: conversationId ?? undefined, content, model, ...skill }, answer.key);
      if (outcome === 'refused') setMessages((list) => list.filter((m) => m.key !== question.key && m.key !== answer.key));
      return outcome;
    },
    [conversationId, model, runStream, skillId],
  );

  /** Answers the last question again (also the retry of a failed answer). */
  const regenerate = useCallback(async () => {
    const last = messages[messages.length - 1];
    const question = [...messages].reverse().find((m) => m.role === 'user');
    if (!question) return;
    const answer = placeholder(model);
    setMessages((list) => [...(last?.role === 'assistant' ? list.slice(0, -1) : list), answer]);
    // Visitors have no stored conversation: the question is simply asked again.
    const outcome =
      conversationId !== null && signedIn
        ? await runStream(api.chatRegenerate, { conversation_id: conversationId, model }, answer.key)
        : await runStream(api.chatSend, { content: question.content, model, ...(skillId !== null ? { skill_id: skillId } : {}) }, answer.key);
    if (outcome === 'refused') setMessages((list) => list.filter((m) => m.key !== answer.key));
  }, [conversationId, messages, model, runStream, signedIn, skillId]);

  /** Replaces a question, drops everything after it and answers it again. */
  const edit = useCallback(
    async (key: string, content: string) => {
      const index = messages.findIndex((m) => m.key === key);
      const question = messages[index];
      if (!question || question.id === null) return;
      const answer = placeholder(model);
      const before = messages;
      setMessages([...messages.slice(0, index), { ...question, content }, answer]);
      const outcome = await runStream(api.chatEdit, { message_id: question.id, content, model }, answer.key);
      if (outcome === 'refused') setMessages(before);
    },
    [messages, model, runStream],
  );

  /** Stop: ask the server to stop (it ends the stream with `end: stopped`), then cut the connection if it has not. */
  const stop = useCallback(async () => {
    const current = answerId.current;
    if (!current) return;
    const id = current.id;
    await stream.stop(id !== null && signedIn ? () => stopAnswer(id) : undefined);
  }, [signedIn, stream]);

  const setFavorite = useCallback((key: string, favoriteId: number | null) => patch(key, () => ({ favoriteId })), [patch]);

  /** The server copy is the truth again after an error on load (e.g. another tab changed it). */
  const reload = useCallback(() => {
    if (conversationId !== null) {
      setOwner(null);
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
    }
  }, [conversationId]);

  /** The loaded conversation's skill (null: none, or turned off since). */
  const skill = conversationId !== null && loaded?.conversation.id === conversationId ? loaded.skill : null;
  return { messages, streaming, title, skill, loading: conversationId !== null && owner !== conversationId && !query.isError, loadError: query.isError, send, regenerate, edit, stop, setFavorite, reload };
}
