import type { ChatChunk, ChatModelClient, ChatTurn } from '../../providers/ai/chat-model.js';
import type { Logger } from '../logger.js';

/** One call of a chat model: the first stage of every streamed feature (its prompt builder produces `messages`). */
export interface ModelCall {
  client: ChatModelClient;
  model: string;
  messages: ChatTurn[];
  maxTokens?: number;
  temperature?: number;
}

/** An upstream call already under way: its first chunk is being awaited while the answer row is written. */
export interface Upstream {
  controller: AbortController;
  iterator: AsyncIterator<ChatChunk>;
  first: Promise<IteratorResult<ChatChunk>>;
}

export function startUpstream(call: ModelCall): Upstream {
  const controller = new AbortController();
  const iterator = call.client.stream({ model: call.model, messages: call.messages, signal: controller.signal, maxTokens: call.maxTokens, temperature: call.temperature })[Symbol.asyncIterator]();
  const first = iterator.next();
  // Consumed by the pipeline; if the request is refused first, the aborted call's rejection is expected.
  first.catch(() => undefined);
  return { controller, iterator, first };
}

/**
 * When an answer that started before its turn was written should write it:
 * once the first chunk has come (and been forwarded: the write waits for the
 * next turn of the event loop) or `capMs` after the start, whichever is first.
 * Building, sending and reading a statement is work on this event loop on
 * either database (and ran the statement itself here before PGlite had its
 * own thread, decision 0015), so a write in flight when the first chunk lands
 * would hold that chunk back; a model slow to answer still gets its turn
 * stored (and listed) almost at once.
 */
export function turnWriteSignal(upstream: Upstream, capMs = TURN_WRITE_CAP_MS): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      setImmediate(resolve);
    };
    const timer = setTimeout(go, capMs);
    upstream.first.then(go, go);
  });
}
const TURN_WRITE_CAP_MS = 200;

/** Runs the pre-stream work while the upstream call starts; a refusal aborts the call and is rethrown. */
export async function overlapping<T>(upstream: Upstream, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    upstream.controller.abort();
    throw error;
  }
}

/**
 * A model call read to its end, for features that use the whole answer at
 * once (interpretations, keywords); throws ChatModelError. Frames of unknown
 * shape are logged once on `log` when one is given.
 */
export async function collectText(call: ModelCall, signal?: AbortSignal, log?: Pick<Logger, 'warn'>): Promise<string> {
  let text = '';
  let unknownLogged = false;
  for await (const chunk of call.client.stream({ model: call.model, messages: call.messages, signal, maxTokens: call.maxTokens, temperature: call.temperature })) {
    if (chunk.type === 'text') text += chunk.text;
    else if (chunk.type === 'unknown' && log && !unknownLogged) {
      unknownLogged = true;
      log.warn({ frame: chunk.frame }, 'model stream: a frame of unknown shape was ignored');
    }
  }
  return text;
}
