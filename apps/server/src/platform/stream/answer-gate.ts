import { formatMessage, type AiSettings, type Locale } from '@xueba/contract';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/transaction.js';
import { AppError, conflict, notFound, tooMany, unauthorized } from '../errors.js';
import { hmac } from '../crypto.js';
import type { ChatModelClient } from '../../providers/ai/chat-model.js';
import { OfflineChatClient } from '../../providers/ai/offline-client.js';
import type { ResolvedModel } from '../../modules/models/models.service.js';
import type { RetrievalService } from '../../modules/retrieval/retrieval.service.js';
import type { SettingsService } from '../../modules/settings/settings.service.js';
import type { UserInfoService } from '../../modules/user/user-info.service.js';
import type { BillingPlan } from './answer-runner.js';
import { AnswersRepository, type GateArgs } from './answers.repository.js';

/**
 * The checks every answer passes before its stream starts (so refusals are
 * plain JSON errors): rate and concurrency limits, the visitor allowance,
 * membership and balance. Settlement happens afterwards in AnswerRunner.
 * Also picks the model's client (the offline channel when there is no model).
 */
export class AnswerGate {
  private readonly repo = new AnswersRepository();
  private readonly minuteCounts = new Map<number, { window: number; count: number }>();
  private readonly starting = new Map<number, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    /** The visitor allowance (`chat_limit`). */
    private readonly settings: Pick<SettingsService, 'site'>,
    /** Memberships and the cached balance. */
    private readonly userInfo: Pick<UserInfoService, 'get'>,
    /** What the offline channel quotes. */
    private readonly retrieval: Pick<RetrievalService, 'search'>,
  ) {}

  /** Visitors get `chat_limit` free questions per IP per day (counted in the database, so it holds across processes), then the login popup. */
  async countVisitor(ip: string): Promise<void> {
    const limit = (await this.settings.site()).chat_limit;
    if (limit <= 0) throw unauthorized('login_required');
    const now = this.ctx.now();
    const used = await this.repo.countVisitorQuestion(this.ctx.db, hmac(this.ctx.appSecret, `chat-ip:${ip}`).slice(0, 32), now.toISOString().slice(0, 10));
    if (used > limit) throw unauthorized('visitor_questions_used');
  }

  /** Spec §6: an active academic AI membership (VIP or B-VIP) consumes no counts. */
  async isMember(userId: number): Promise<boolean> {
    const info = await this.userInfo.get(userId);
    const now = this.ctx.now().getTime();
    return (info?.memberships ?? []).some((m) => m.kind === 'academic_ai' && (m.expires_at === null || Date.parse(m.expires_at) > now));
  }

  async billingFor(userId: number, model: ResolvedModel): Promise<BillingPlan | null> {
    if (model.billing.price === 0) return null;
    if (await this.isMember(userId)) return null;
    return { userId, billing: model.billing };
  }

  /**
   * Inside the transaction that creates the answer row: serialises the user's
   * stream starts, enforces the rate and concurrency limits and checks the
   * balance, in one statement (`answer_gate`, decision 0012). A per-answer
   * model needs the price for this answer and for every answer still
   * streaming, so two tabs cannot both spend the last count.
   */
  async begin(tx: Tx, userId: number, plan: BillingPlan | null, settings: AiSettings): Promise<void> {
    await this.repo.gate(tx, this.gateArgs(userId, plan, settings)).catch((error: unknown) => {
      throw this.refusal(error, settings);
    });
  }

  /** What `answer_gate` is given: the current rate window (the app's clock, so tests can move it) and the limits. */
  gateArgs(userId: number, plan: BillingPlan | null, settings: AiSettings): GateArgs {
    const window = new Date(Math.floor(this.ctx.now().getTime() / 60_000) * 60_000);
    return { userId, window, ratePerMinute: settings.rate_per_minute, maxStreams: settings.max_streams, billing: plan ? { mode: plan.billing.mode, price: plan.billing.price } : null };
  }

  /** The app error for a refusal raised by the gate's SQL (SQLSTATE XB001, the message key as text); anything else unchanged. */
  refusal(error: unknown, settings: AiSettings): unknown {
    if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'XB001') return error;
    switch (error.message) {
      case 'chat_rate_limited':
        return tooMany('chat_rate_limited', { limit: settings.rate_per_minute });
      case 'chat_too_many_streams':
        return tooMany('chat_too_many_streams', { limit: settings.max_streams });
      case 'insufficient_conversation_balance':
        return new AppError('insufficient_conversation_balance', 402);
      case 'insufficient_word_balance':
        return new AppError('insufficient_word_balance', 402);
      case 'chat_busy':
        return conflict('chat_busy');
      case 'not_found':
        return notFound();
      default:
        return error;
    }
  }

  /**
   * The same checks from cached data (user info, this process's open
   * streams), made before an upstream call is started early: a request that
   * is clearly refused never reaches the model. `begin` stays the authority.
   */
  async quickCheck(userId: number, plan: BillingPlan | null, settings: AiSettings, openHere: number): Promise<void> {
    if (openHere >= settings.max_streams) throw tooMany('chat_too_many_streams', { limit: settings.max_streams });
    this.countRateHere(userId, settings);
    if (!plan) return;
    const balance = (await this.userInfo.get(userId))?.balance;
    if (plan.billing.mode === 'per_answer' && (balance?.conversation_count ?? 0) < plan.billing.price * (openHere + 1)) throw new AppError('insufficient_conversation_balance', 402);
    if (plan.billing.mode === 'per_1k_words' && (balance?.word_count ?? 0) < 1) throw new AppError('insufficient_word_balance', 402);
  }

  /**
   * Runs one user's stream starts one after another in this process, before
   * they take a database connection: their transactions serialise on the
   * user's advisory lock anyway, and waiting there would hold pool
   * connections every other request needs.
   */
  exclusive<T>(userId: number, start: () => Promise<T>): Promise<T> {
    const previous = this.starting.get(userId) ?? Promise.resolve();
    const run = previous.then(start);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.starting.set(userId, tail);
    void tail.then(() => {
      if (this.starting.get(userId) === tail) this.starting.delete(userId);
    });
    return run;
  }

  /**
   * This process's count of the user's questions in the current minute: the
   * same fixed window as the database limit in `begin`, which stays the
   * authority across processes. It refuses the common case with a JSON 429
   * before any stream starts.
   */
  private countRateHere(userId: number, settings: AiSettings): void {
    const window = Math.floor(this.ctx.now().getTime() / 60_000);
    const entry = this.minuteCounts.get(userId);
    if (entry && entry.window === window && entry.count >= settings.rate_per_minute) throw tooMany('chat_rate_limited', { limit: settings.rate_per_minute });
    if (entry && entry.window === window) entry.count += 1;
    else {
      if (this.minuteCounts.size >= 10_000) for (const [id, e] of this.minuteCounts) if (e.window !== window) this.minuteCounts.delete(id);
      this.minuteCounts.set(userId, { window, count: 1 });
    }
  }

  /**
   * The model's client, or the offline channel answering from retrieval in the
   * user's language, for `retrievalQuery` when the prompt is not the user's own words.
   */
  clientFor(model: ResolvedModel, locale: Locale, userId: number | null, retrievalQuery?: string): ChatModelClient {
    if (model.client) return model.client;
    return new OfflineChatClient(
      (query, limit) => this.retrieval.search(query, { limit, locale, userId }),
      { notice: formatMessage('offline_notice', locale), noMatch: formatMessage('offline_no_match', locale) },
      retrievalQuery,
    );
  }
}
