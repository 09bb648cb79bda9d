import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Billing } from '@xueba/contract';
import type { AppContext } from '../context.js';
import { transaction } from '../db/transaction.js';
import type { LedgerService } from '../../modules/ledger/ledger.service.js';
import { AnswersRepository, type AnswerTable, type Balances, type Settlement } from './answers.repository.js';
import { startUpstream } from './model-call.js';
import { pipeAnswer, type FrameSink, type StopReason, type StreamedAnswer } from './pipeline.js';
import { staleBefore } from '../jobs/stale.js';

/** Who pays: null for members, visitors, free models and admin tests. */
export interface BillingPlan {
  userId: number;
  billing: Billing;
}

/** A metered answer: the feature's part (`StreamedAnswer`) and what it is charged to. */
export interface AnswerJob extends StreamedAnswer {
  /** The stored row this answer finalises; null: not stored (visitors, admin test). */
  target: { table: AnswerTable; id: number; userId: number; conversationId?: number } | null;
  billing: BillingPlan | null;
  /**
   * Reference for the ledger row (reason, ref type). A feature whose answer
   * has no `target` row names its own reference and idempotency key (one
   * charge per generation, whatever retries the settlement sees).
   */
  ledger: { reason: string; refType: string; refId?: string; idempotencyKey?: string };
}

interface Active {
  userId: number | null;
  conversationId: number | null;
  controller: AbortController;
  reason: StopReason | null;
  done: Promise<void>;
}

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;
const STALE_MS = 90_000;

/**
 * Runs metered answers through the stream pipeline (`pipeAnswer`): keeps
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
  private readonly repo = new AnswersRepository();
  private readonly active = new Map<string, Active>();
  private readonly timers: NodeJS.Timeout[] = [];
  private ticks = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: Pick<LedgerService, 'applyInTx'>,
    private readonly log: FastifyBaseLogger,
    /** Daily tasks and invitation unlocks (decision 0009): told of each finished answer; never throws. */
    private readonly activity?: { record(userId: number, event: 'chat' | 'template'): Promise<void> },
  ) {}

  /** Marks answers left generating by a previous run failed, and starts the cross-process polling. */
  async start(): Promise<void> {
    const now = this.ctx.now();
    // PGlite is single-process: whatever is generating at start belongs to a dead run.
    const before = staleBefore(this.ctx.dbKind, now, STALE_MS);
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

  /** Streams one metered answer; `stream` (the route's request) gives its log lines the request's id. */
  async run(sink: FrameSink, job: AnswerJob, stream?: { request: FastifyRequest }): Promise<void> {
    const upstream = job.upstream ?? startUpstream(job);
    let resolveDone: () => void = () => undefined;
    const entry: Active = { userId: job.target?.userId ?? null, conversationId: job.target?.conversationId ?? null, controller: upstream.controller, reason: null, done: new Promise<void>((r) => (resolveDone = r)) };
    const key = job.target ? `${job.target.table}:${job.target.id}` : null;
    if (key) this.active.set(key, entry);
    const target = job.target;
    const activity = this.activity;
    await pipeAnswer(sink, { ...job, messageId: target?.id ?? null }, upstream, {
      log: stream?.request.log ?? this.log,
      now: () => this.ctx.now(),
      stop: entry,
      settle: (settlement) => this.settle(job, settlement),
      settleFailed: (content) => this.markFailed(job, content),
      release: () => {
        if (key) this.active.delete(key);
        resolveDone();
      },
      // Daily tasks and invitation rewards: after the answer's last event, so they never delay it; before the stream closes.
      after: async ({ failure, settlement }) => {
        if (!failure && settlement.status === 'done' && target && activity) await activity.record(target.userId, target.table === 'creations' ? 'template' : 'chat');
      },
    });
  }

  /** What the delivered answer costs: per_answer charges a finished or user-stopped answer with text; per_1k_words charges the words delivered. */
  private cost(job: AnswerJob, s: Settlement): { asset: 'conversation_count' | 'word_count'; amount: number } | null {
    const plan = job.billing;
    if (!plan || plan.billing.price === 0 || s.content.trim() === '') return null;
    if (plan.billing.mode === 'per_answer') return s.status === 'failed' ? null : { asset: 'conversation_count', amount: plan.billing.price };
    return { asset: 'word_count', amount: Math.ceil((s.words * plan.billing.price) / 1000) };
  }

  private async settle(job: AnswerJob, s: Settlement): Promise<Balances | null> {
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
            refId: job.ledger.refId ?? (job.target ? String(job.target.id) : null),
            idempotencyKey: job.ledger.idempotencyKey ?? (job.target ? `${job.target.table}:answer:${job.target.id}` : null),
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
