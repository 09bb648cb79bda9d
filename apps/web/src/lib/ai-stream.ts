import type { ChatStreamEvent, CreateStreamEvent, DocChatEvent, MindmapStreamEvent, PaperWriteStreamEvent, UserInfo } from '@xueba/contract';
import { userKeys } from './auth';
import { queryClient } from './query-client';
import { stream } from './request';
import { getItem, setItem } from './storage';

export type AiStreamEvent = ChatStreamEvent | CreateStreamEvent | DocChatEvent | MindmapStreamEvent | PaperWriteStreamEvent;

// `map`: the tree a mind map stream parsed and stored.
const TYPES = new Set(['start', 'delta', 'sources', 'map', 'end', 'error']);
// Paper writing: citations taken out, the stored outline, the stored section.
for (const type of ['citation', 'outline', 'section']) TYPES.add(type);

/**
 * Runs one of the AI stream endpoints (`/chat/send`, `/create/produce`,
 * `/doc/chat`, the admin test...) and hands over each typed event. The server sends the whole
 * event object as `data`; a malformed frame is reported as an error event so
 * the user sees it instead of a silently truncated answer. A frame of a type
 * this client does not know (a newer server) is skipped, and said so on the
 * console in development. Refusals before the stream (402, 401, 429...) reject
 * with a RequestError, without a toast. Components use `useAiStream`, which
 * adds frame batching, stop and the refusal rules on top.
 */
export async function runAiStream<E extends AiStreamEvent>(endpoint: { path: string }, body: object, onEvent: (event: E) => void, signal?: AbortSignal): Promise<void> {
  let ended = false;
  await stream(endpoint.path, {
    params: body,
    signal,
    silent: true,
    onMessage: (message) => {
      let event: E;
      try {
        const parsed = JSON.parse(message.data) as { type?: unknown };
        if (typeof parsed.type !== 'string' || !TYPES.has(parsed.type)) {
          if (import.meta.env.DEV) console.warn(`[stream] ${endpoint.path}: skipped a frame of unknown type`, parsed);
          return;
        }
        event = parsed as E;
      } catch {
        onEvent({ type: 'error', message_id: null, code: 'model_malformed', msg: '', charged: null, balance: null } as E);
        ended = true;
        return;
      }
      if (event.type === 'end' || event.type === 'error') ended = true;
      onEvent(event);
    },
  });
  // The connection closed without an end or error event (proxy cut, server restart): say so.
  if (!ended && !signal?.aborted) onEvent({ type: 'error', message_id: null, code: 'stream_closed', msg: '', charged: null, balance: null } as E);
}

/** Settled balances from an `end`/`error` event, written into the cached user so the sidebar updates at once. */
export function applyStreamBalance(balance: { conversation_count: number; word_count: number } | null): void {
  if (!balance) return;
  queryClient.setQueryData(userKeys.info, (user: UserInfo | undefined) => (user ? { ...user, balance: { ...user.balance, ...balance } } : user));
  void queryClient.invalidateQueries({ queryKey: userKeys.info, refetchType: 'none' });
}

/** Visitors' local count of questions today (spec §3 `chat_limit`); the server keeps the real count. */
export function visitorQuestionsToday(): number {
  return getItem<number>('chat_limit') ?? 0;
}

export function countVisitorQuestion(now = new Date()): void {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  setItem('chat_limit', visitorQuestionsToday() + 1, Math.max(1, Math.round((midnight.getTime() - now.getTime()) / 1000)));
}
