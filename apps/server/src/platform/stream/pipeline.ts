import { formatMessage, type ChatStreamEvent, type CreateStreamEvent, type DocChatEvent, type Locale, type MessageKey, type MindmapStreamEvent, type PaperInterpretEvent, type PaperWriteStreamEvent, type Source } from '@xueba/contract';
import { AppError } from '../errors.js';
import type { Db, Tx } from '../db/transaction.js';
import type { Logger } from '../logger.js';
import { ChatModelError, MODEL_ERROR_MESSAGE } from '../../providers/ai/chat-model.js';
import { countWords, estimateTokens } from '../../providers/ai/tokens.js';
import type { Balances, Settlement } from './answers.repository.js';
import { startUpstream, type ModelCall, type Upstream } from './model-call.js';

/** The request's logger (or the app's): what the pipeline reports failures on. */
export type StreamLog = Pick<Logger, 'warn' | 'error'>;

export type StopReason = 'stopped' | 'client_closed' | 'shutdown' | 'refused';

/** Where frames go: an SSE response (`SseSink`), or a feature's own writer with its stop signal. */
export interface FrameSink {
  send<E extends { type: string }>(event: E): void;
  onClientClose(handler: () => void): void;
  end(): void;
}

type Frame = ChatStreamEvent | CreateStreamEvent | DocChatEvent | PaperInterpretEvent | MindmapStreamEvent | PaperWriteStreamEvent;
export type AnswerEnd = Extract<ChatStreamEvent, { type: 'end' }>;
export type AnswerError = Extract<ChatStreamEvent, { type: 'error' }>;

/** How an answer ended, for a feature that writes its own last frame. */
export interface Outcome {
  settlement: Settlement;
  /** The message key the user is told, when the model call (or its settlement) failed. */
  failure: MessageKey | null;
  /** What the model call threw, when it failed. */
  error: unknown;
  /** The answer's usual last frame: `end` (with usage, charge, balances) or `error`. */
  frame: AnswerEnd | AnswerError;
}

/**
 * What a streamed feature plugs into the pipeline: the model call its prompt
 * builder made (`ModelCall`), the `start` frame, and its result writer
 * (`persist`). `text` and `finish` replace the answer's `delta` and
 * `end`/`error` frames for features with frames of their own.
 */
export interface StreamedAnswer extends ModelCall {
  start: Extract<Frame, { type: 'start' }>;
  locale: Locale;
  /** The message the `end`/`error` frames name; metered answers name their target. */
  messageId?: number | null;
  /** The upstream call, when the caller started it early (overlapping the database work before the stream). */
  upstream?: Upstream;
  /**
   * The write of the turn (limits, balance, rows), when the stream starts
   * before it commits. A rejection ends the stream as refused: nothing was
   * stored, nothing is settled or charged.
   */
  ready?: Promise<void>;
  /** The result writer: the outcome into the feature's row (inside the settlement transaction when something is charged, else as one statement). */
  persist?: (db: Tx | Db, settlement: Settlement) => Promise<void>;
  /** Frames of one chunk of text; default: one `delta` frame per chunk. */
  text?: (text: string) => void;
  /** The last frame(s); default: `outcome.frame`. */
  finish?: (outcome: Outcome) => void;
}

/** What surrounds one answer in the pipeline: metering and the registry of answers in progress (AnswerRunner), or nothing (`streamUnmetered`). */
export interface AnswerLane {
  log: StreamLog;
  now(): Date;
  /** Why the answer was stopped, set by whoever aborts its upstream call. */
  stop: { reason: StopReason | null };
  /** Writes the outcome, and charges it; returns the balances the last frame shows. */
  settle(settlement: Settlement): Promise<Balances | null>;
  /** Settlement itself failed: leave nothing generating. */
  settleFailed?(content: string): Promise<void>;
  /** The answer is settled or refused: it is no longer in progress. */
  release?(): void;
  /** After the last frame, before the stream closes (never throws). */
  after?(outcome: Outcome): Promise<void>;
}

/** Typed write: only contract stream events leave here. */
function emit(sink: FrameSink, event: Frame): void {
  sink.send(event);
}

/**
 * The one stream pipeline: model call → frames → settlement → last frame.
 * Streams each upstream chunk as it arrives (one frame per chunk, never
 * batched), aborts the call when the client goes away or the lane stops it,
 * waits for the turn's write (`ready`), settles once (billing only what was
 * delivered), and ends with exactly one `end` or `error`.
 */
export async function pipeAnswer(sink: FrameSink, job: StreamedAnswer, upstream: Upstream, lane: AnswerLane): Promise<void> {
  const controller = upstream.controller;
  const stop = lane.stop;
  const log = lane.log;
  sink.onClientClose(() => {
    stop.reason ??= 'client_closed';
    controller.abort();
  });
  let refusal: unknown = null;
  const ready = job.ready?.catch((error: unknown) => {
    refusal = error;
    stop.reason = 'refused';
    controller.abort();
  });
  const onText = job.text;
  let content = '';
  let sources: Source[] | null = null;
  let usage: { promptTokens: number; completionTokens: number } | null = null;
  let failure: MessageKey | null = null;
  let thrown: unknown = null;
  let unknownLogged = false;
  try {
    emit(sink, job.start);
    for (let next = upstream.first; ; next = upstream.iterator.next()) {
      const result = await next;
      if (result.done) break;
      const chunk = result.value;
      if (chunk.type === 'text') {
        content += chunk.text;
        if (onText) onText(chunk.text);
        else emit(sink, { type: 'delta', text: chunk.text });
      } else if (chunk.type === 'usage') {
        usage = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
      } else if (chunk.type === 'sources') {
        sources = chunk.passages.map((p, i) => ({ n: i + 1, source: p.source, id: p.id, title: p.title, ...(p.url ? { url: p.url } : {}), ...(p.page ? { page: p.page } : {}) }));
        emit(sink, { type: 'sources', passages: sources });
      } else if (!unknownLogged) {
        // Nothing of it reaches the client; said once per answer so a model that sends many does not flood the log.
        unknownLogged = true;
        log.warn({ frame: chunk.frame }, 'model stream: a frame of unknown shape was ignored');
      }
    }
    if (controller.signal.aborted) throw new ChatModelError('aborted', 'aborted');
  } catch (error) {
    if (!(controller.signal.aborted && stop.reason)) {
      thrown = error;
      failure = error instanceof ChatModelError ? MODEL_ERROR_MESSAGE[error.kind] : 'generation_failed';
      if (!(error instanceof ChatModelError)) log.error({ err: error }, 'answer failed');
      else log.warn({ kind: error.kind, status: error.status, msg: error.message }, 'model call failed');
    }
  }
  await ready;
  if (refusal !== null) {
    refuse(sink, job, refusal, log);
    lane.release?.();
    return;
  }
  const status = failure ? 'failed' : stop.reason ? 'stopped' : 'done';
  const words = countWords(content);
  const settlement: Settlement = {
    status,
    content,
    error: failure,
    sources,
    promptTokens: usage?.promptTokens ?? job.messages.reduce((n, m) => n + estimateTokens(m.content), 0),
    completionTokens: usage?.completionTokens ?? estimateTokens(content),
    words,
    chargedAsset: null,
    charged: 0,
    now: lane.now(),
  };
  let balance: Balances | null = null;
  try {
    balance = await lane.settle(settlement);
  } catch (error) {
    log.error({ err: error }, 'answer settlement failed');
    failure ??= 'server_exception';
    settlement.charged = 0;
    settlement.chargedAsset = null;
    await lane.settleFailed?.(content).catch((e: unknown) => log.error({ err: e }, 'could not mark the answer failed'));
  }
  lane.release?.();
  const charged = settlement.charged > 0 && settlement.chargedAsset ? { asset: settlement.chargedAsset as 'conversation_count' | 'word_count', amount: settlement.charged } : null;
  const messageId = job.messageId ?? null;
  const frame: AnswerEnd | AnswerError = failure
    ? { type: 'error', message_id: messageId, code: failure, msg: formatMessage(failure, job.locale), charged, balance }
    : {
        type: 'end',
        message_id: messageId,
        status: status === 'done' ? 'done' : 'stopped',
        usage: { prompt_tokens: settlement.promptTokens, completion_tokens: settlement.completionTokens, words },
        charged,
        balance,
      };
  const outcome: Outcome = { settlement, failure, error: thrown, frame };
  if (job.finish) job.finish(outcome);
  else emit(sink, frame);
  if (lane.after) await lane.after(outcome);
  sink.end();
}

/** The turn's write was refused after the stream started: the refusal as an error event, as if answered before it. */
function refuse(sink: FrameSink, job: StreamedAnswer, error: unknown, log: StreamLog): void {
  const known = error instanceof AppError;
  if (!known) log.error({ err: error }, 'answer could not be stored');
  const key: MessageKey = known ? error.key : 'server_exception';
  const params = known ? error.params : {};
  emit(sink, { type: 'error', message_id: null, code: key, msg: formatMessage(key, job.locale, params), charged: null, balance: null, refused: true, status: known ? error.status : 500 });
  sink.end();
}

/**
 * The pipeline for answers nobody pays for and nobody stops from elsewhere
 * (document Q&A, paper interpretation): the client's leaving stops them, and
 * the result writer (if any) stores the outcome in one statement.
 */
export function streamUnmetered(sink: FrameSink, job: StreamedAnswer, deps: { log: StreamLog; now: () => Date; db?: Db }): Promise<void> {
  const persist = job.persist;
  const db = deps.db;
  return pipeAnswer(sink, job, job.upstream ?? startUpstream(job), {
    log: deps.log,
    now: deps.now,
    stop: { reason: null },
    settle: async (settlement) => {
      if (persist && db) await persist(db, settlement);
      return null;
    },
  });
}
