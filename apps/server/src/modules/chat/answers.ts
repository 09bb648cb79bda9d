import { formatMessage, type ChatStreamEvent, type CreateStreamEvent, type Locale, type MessageKey } from '@xueba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { transaction, type Db, type Tx } from '../../platform/db/transaction.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { ChatModelError, MODEL_ERROR_MESSAGE, type ChatChunk, type ChatModelClient, type ChatTurn } from '../../providers/ai/chat-model.js';
import { countWords, estimateTokens } from '../../providers/ai/tokens.js';
import type { Billing } from '@xueba/contract';
import type { SseSink } from './sse.js';
import type { Settlement } from './chat.repository.js';
import { ChatRepository } from './chat.repository.js';
import type { StoredSource } from './chat.tables.js';

export type AnswerTable = 'chat_messages' | 'creations';
type StopReason = 'stopped' | 'client_closed' | 'shutdown' | 'refused';

/** Who pays: null for members, visitors, free models and admin tests. */
export interface BillingPlan {
  userId: number;
  billing: Billing;
}

export interface AnswerJob {
  /** The stored row this answer finalises; null: not stored (visitors, admin test). */
  target: { table: AnswerTable; id: number; userId: number; conversationId?: number } | null;
  client: ChatModelClient;
  model: string;
  messages: ChatTurn[];
  maxTokens?: number;
  billing: BillingPlan | null;
  locale: Locale;
  start: Extract<ChatStreamEvent | CreateStreamEvent, { type: 'start' }>;
  /** The upstream call, when the caller started it early (overlapping the database work before the stream). */
  upstream?: Upstream;
  /**
   * The write of the turn (limits, balance, rows), when the stream starts
   * before it commits. A rejection ends the stream as refused: nothing was
   * stored, nothing is settled or charged.
   */
  ready?: Promise<void>;
  /** Writes the outcome into the target row: inside the settlement transaction when something is charged, else as one statement. */
  persist?: (db: Tx | Db, settlement: Settlement) => Promise<void>;
  /** Reference for the ledger row (reason, ref type). */
  ledger: { reason: string; refType: string };
}

/** An upstream call already under way: its first chunk is being awaited while the answer row is written. */
export interface Upstream {
  controller: AbortController;
  iterator: AsyncIterator<ChatChunk>;
  first: Promise<IteratorResult<ChatChunk>>;
}

export function startUpstream(job: Pick<AnswerJob, 'client' | 'model' | 'messages' | 'maxTokens'>): Upstream {
  const controller = new AbortController();
  const iterator = job.client.stream({ model: job.model, messages: job.messages, signal: controller.signal, maxTokens: job.maxTokens })[Symbol.asyncIterator]();
  const first = iterator.next();
  // Consumed by run(); if the request is refused first, the aborted call's rejection is expected.
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

interface Active {
  userId: number | null;
  conversationId: number | null;
  controller: AbortController;
  reason: StopReason | null;
  done: Promise<void>;
}


const POLL_MS = 1000;

/** Typed write: only events of the chat and template stream unions leave here. */
function emit(sink: SseSink, event: ChatStreamEvent | CreateStreamEvent): void {
  sink.send(event);
}
const HEARTBEAT_MS = 15_000;
const STALE_MS = 90_000;

/**
 * Runs answers: streams a model's chunks to the client as they arrive, keeps
 * the registry of answers in progress (so /stop can abort them), and settles
 * each answer once: the row and the ledger row in one transaction, billing
 * only what was delivered. Nothing is left `generating`: every path ends in
 * the settlement, a stale answer of a dead process is failed by the sweeper,
 * and shutdown stops what is running.
 *
 * Stop across processes: /stop sets `stop_requested` on the row; on
 * PostgreSQL (the multi-process setup) each process polls the rows it is
 * streaming once a second in one query, and refreshes their heartbeat.
 */
export class AnswerRunner {
  private readonly repo = new ChatRepository();
  private readonly active = new Map<string, Active>();
  private readonly timers: NodeJS.Timeout[] = [];
  private ticks = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
    private readonly log: FastifyBaseLogger,
    /** Daily tasks and invitation unlocks (issue 6): told of each finished answer; never throws. */
    private readonly activity?: { record(userId: number, event: 'chat' | 'template'): Promise<void> },
  ) {}

  /** Marks answers left generating by a previous run failed, and starts the cross-process polling. */
  async start(): Promise<void> {
    const now = this.ctx.now();
    // PGlite is single-process: whatever is generating at start belongs to a dead run.
    const before = this.ctx.dbKind === 'pglite' ? new Date(now.getTime() + 1000) : new Date(now.getTime() - STALE_MS);
    for (const table of ['chat_messages', 'creations'] as const) await this.repo.failStale(this.ctx.db, table, before, now);
    if (this.ctx.dbKind !== 'postgres') return;
    const timer = setInterval(() => void this.tick().catch((error: unknown) => this.log.warn({ err: error }, 'answer poll failed')), POLL_MS);
    timer.unref();
    this.timers.push(timer);
  }

  private async tick(): Promise<void> {
    this.ticks += 1;
    const ids = (table: AnswerTable) =>
      [...this.active.keys()].filter((k) => k.startsWith(`${table}:`)).map((k) => Number(k.slice(table.length + 1)));
    for (const table of ['chat_messages', 'creations'] as const) {
      const mine = ids(table);
      if (mine.length > 0) {
        for (const id of await this.repo.stopRequested(this.ctx.db, table, mine)) {
          const entry = this.active.get(`${table}:${id}`);
          if (entry) void this.abortEntry(entry, 'stopped');
        }
        if (this.ticks % (HEARTBEAT_MS / POLL_MS) === 0) await this.repo.heartbeat(this.ctx.db, table, mine, this.ctx.now());
      }
      if (this.ticks % 60 === 0) {
        const now = this.ctx.now();
        await this.repo.failStale(this.ctx.db, table, new Date(now.getTime() - STALE_MS), now);
      }
    }
  }

  /**
   * Aborts the owner's answer streaming here; returns a promise that resolves
   * once it is settled, or null if it is not here or not theirs (answer ids
   * are sequential: an id alone proves nothing).
   */
  abort(table: AnswerTable, id: number, owner: number): Promise<void> | null {
    const entry = this.active.get(`${table}:${id}`);
    if (!entry || entry.userId !== owner) return null;
    return this.abortEntry(entry, 'stopped');
  }

  private abortEntry(entry: Active, reason: StopReason): Promise<void> {
    entry.reason ??= reason;
    entry.controller.abort();
    return entry.done;
  }

  /** Answers this process is streaming for the user (a cheap first check before the database's). */
  openFor(userId: number): number {
    let n = 0;
    for (const entry of this.active.values()) if (entry.userId === userId) n += 1;
    return n;
  }

  /** Whether this process is streaming an answer in the conversation (a second ask there is refused at once). */
  answering(conversationId: number): boolean {
    for (const entry of this.active.values()) if (entry.conversationId === conversationId) return true;
    return false;
  }

  get openStreams(): number {
    return this.active.size;
  }

  /** Stops everything (server shutdown): partial answers are kept as stopped and billed as delivered. */
  async stopAll(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const pending = [...this.active.values()].map((entry) => this.abortEntry(entry, 'shutdown'));
    await Promise.allSettled(pending);
  }

  async run(sink: SseSink, job: AnswerJob): Promise<void> {
    const upstream = job.upstream ?? startUpstream(job);
    const controller = upstream.controller;
    let resolveDone: () => void = () => undefined;
    const entry: Active = { userId: job.target?.userId ?? null, conversationId: job.target?.conversationId ?? null, controller, reason: null, done: new Promise<void>((r) => (resolveDone = r)) };
    const key = job.target ? `${job.target.table}:${job.target.id}` : null;
    if (key) this.active.set(key, entry);
    sink.onClientClose(() => {
      entry.reason ??= 'client_closed';
      controller.abort();
    });
    let refusal: unknown = null;
    const ready = job.ready?.catch((error: unknown) => {
      refusal = error;
      entry.reason = 'refused';
      controller.abort();
    });
    let content = '';
    let sources: StoredSource[] | null = null;
    let usage: { promptTokens: number; completionTokens: number } | null = null;
    let failure: MessageKey | null = null;
    try {
      emit(sink, job.start);
      for (let next = upstream.first; ; next = upstream.iterator.next()) {
        const result = await next;
        if (result.done) break;
        const chunk = result.value;
        if (chunk.type === 'text') {
          content += chunk.text;
          emit(sink, { type: 'delta', text: chunk.text });
        } else if (chunk.type === 'usage') {
          usage = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
        } else {
          sources = chunk.passages.map((p, i) => ({ n: i + 1, source: p.source, id: p.id, title: p.title, ...(p.url ? { url: p.url } : {}), ...(p.page ? { page: p.page } : {}) }));
          emit(sink, { type: 'sources', passages: sources });
        }
      }
      if (controller.signal.aborted) throw new ChatModelError('aborted', 'aborted');
    } catch (error) {
      if (!(controller.signal.aborted && entry.reason)) {
        failure = error instanceof ChatModelError ? MODEL_ERROR_MESSAGE[error.kind] : 'generation_failed';
        if (!(error instanceof ChatModelError)) this.log.error({ err: error }, 'answer failed');
        else this.log.warn({ kind: error.kind, status: error.status, msg: error.message }, 'model call failed');
      }
    }
    await ready;
    if (refusal !== null) {
      this.refuse(sink, job, refusal);
      if (key) this.active.delete(key);
      resolveDone();
      return;
    }
    const status = failure ? 'failed' : entry.reason ? 'stopped' : 'done';
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
      now: this.ctx.now(),
    };
    let balance: { conversation_count: number; word_count: number } | null = null;
    try {
      balance = await this.settle(job, settlement);
    } catch (error) {
      this.log.error({ err: error }, 'answer settlement failed');
      failure ??= 'server_exception';
      settlement.charged = 0;
      settlement.chargedAsset = null;
      await this.markFailed(job, content).catch((e: unknown) => this.log.error({ err: e }, 'could not mark the answer failed'));
    }
    if (key) this.active.delete(key);
    resolveDone();
    const charged = settlement.charged > 0 && settlement.chargedAsset ? { asset: settlement.chargedAsset as 'conversation_count' | 'word_count', amount: settlement.charged } : null;
    const messageId = job.target?.id ?? null;
    if (failure) {
      emit(sink, { type: 'error', message_id: messageId, code: failure, msg: formatMessage(failure, job.locale), charged, balance });
    } else {
      emit(sink, {
        type: 'end',
        message_id: messageId,
        status: status === 'done' ? 'done' : 'stopped',
        usage: { prompt_tokens: settlement.promptTokens, completion_tokens: settlement.completionTokens, words },
        charged,
        balance,
      });
    }
    // Daily tasks and invitation rewards: after the answer's last event, so they never delay it; before the stream closes.
    if (!failure && status === 'done' && job.target && this.activity) {
      await this.activity.record(job.target.userId, job.target.table === 'creations' ? 'template' : 'chat');
    }
    sink.end();
  }

  /** The turn's write was refused after the stream started: the refusal as an error event, as if answered before it. */
  private refuse(sink: SseSink, job: AnswerJob, error: unknown): void {
    const known = error instanceof AppError;
    if (!known) this.log.error({ err: error }, 'answer could not be stored');
    const key: MessageKey = known ? error.key : 'server_exception';
    const params = known ? error.params : {};
    emit(sink, { type: 'error', message_id: null, code: key, msg: formatMessage(key, job.locale, params), charged: null, balance: null, refused: true, status: known ? error.status : 500 });
    sink.end();
  }

  /** What the delivered answer costs: per_answer charges a finished or user-stopped answer with text; per_1k_words charges the words delivered. */
  private cost(job: AnswerJob, s: Settlement): { asset: 'conversation_count' | 'word_count'; amount: number } | null {
    const plan = job.billing;
    if (!plan || plan.billing.price === 0 || s.content.trim() === '') return null;
    if (plan.billing.mode === 'per_answer') return s.status === 'failed' ? null : { asset: 'conversation_count', amount: plan.billing.price };
    return { asset: 'word_count', amount: Math.ceil((s.words * plan.billing.price) / 1000) };
  }

  private async settle(job: AnswerJob, s: Settlement): Promise<{ conversation_count: number; word_count: number } | null> {
    const cost = this.cost(job, s);
    const plan = job.billing;
    if (!job.persist && !cost) return null;
    if (!cost) {
      // Nothing to charge (members, free models, nothing delivered): the row's update is one statement, atomic by itself.
      if (job.persist) await job.persist(this.ctx.db, s);
      return plan ? this.repo.billedBalances(this.ctx.db, plan.userId) : null;
    }
    return transaction(this.ctx.db, async (tx, afterCommit) => {
      if (cost && plan) {
        // Two tabs may both have passed the check; never charge more than is left.
        const available = await this.repo.balanceForUpdate(tx, plan.userId, cost.asset);
        const amount = Math.min(cost.amount, available);
        if (amount > 0) {
          await this.ledger.applyInTx(tx, {
            userId: plan.userId,
            asset: cost.asset,
            delta: -amount,
            reason: job.ledger.reason,
            refType: job.ledger.refType,
            refId: job.target ? String(job.target.id) : null,
            idempotencyKey: job.target ? `${job.target.table}:answer:${job.target.id}` : null,
          });
          s.charged = amount;
          s.chargedAsset = cost.asset;
          afterCommit(() => this.ctx.bus.publish('user', String(plan.userId)));
        }
      }
      if (job.persist) await job.persist(tx, s);
      return plan ? this.repo.billedBalances(tx, plan.userId) : null;
    });
  }

  /** Settlement itself failed (database trouble): keep the text, charge nothing, never leave it generating. */
  private async markFailed(job: AnswerJob, content: string): Promise<void> {
    if (!job.target || !job.persist) return;
    const persist = job.persist;
    await transaction(this.ctx.db, (tx) =>
      persist(tx, { status: 'failed', content, error: 'server_exception', sources: null, promptTokens: 0, completionTokens: 0, words: 0, chargedAsset: null, charged: 0, now: this.ctx.now() }),
    );
  }
}
