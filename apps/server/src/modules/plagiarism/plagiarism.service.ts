import { formatMessage, isMessageKey, PLAGIARISM_MAX_CHARS, PLAGIARISM_SHARE_PAGE, type Locale, type PlagiarismCreateInput, type PlagiarismDetail, type PlagiarismItem, type PlagiarismOptions, type PlagiarismSettings, type PlagiarismShare, type PlagiarismShared, plagiarismCreateSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { PG, pgErrorCode, transaction, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { UserInfoService } from '../user/user-info.service.js';
import type { CorpusIndex } from './corpus-index.js';
import { PLAGIARISM_ASSET, PLAGIARISM_JOB, type PlagiarismRunner } from './plagiarism-run.js';
import type { CheckListRow, CheckRow } from './plagiarism.repository.js';
import { countChars } from './text-structure.js';

const SHARE_TOKEN_BYTES = 24;

export const DEFAULT_PLAGIARISM_SETTINGS: PlagiarismSettings = { is_open: true, price_per_thousand: 100, member_kinds: ['paper'], member_chars_per_month: 200_000 };

export type PlagiarismLane = Pick<JobRunner, 'enqueue' | 'wake' | 'positions' | 'dequeue'>;

/** The start of the UTC calendar month of `now`. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Line endings made \n and the ends trimmed: what is stored, checked and shown. */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** A title from the first line with words, cut short. */
function titleFrom(text: string, filename: string | undefined): string {
  if (filename) return filename.replace(/^.*[\\/]/, '').slice(0, 200);
  const first = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const t = first.trim().replace(/^#+\s*/, '');
  return [...t].length > 40 ? `${[...t].slice(0, 40).join('')}…` : t;
}

export function presentItem(row: CheckListRow, locale: Locale, position = 0): PlagiarismItem {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    status: row.status,
    progress: row.progress,
    position: row.status === 'queued' ? position : 0,
    chars: row.chars,
    scope: row.scope,
    charged: row.charged,
    included: row.included_chars > 0,
    total_ratio: row.total_ratio,
    error: row.error,
    error_msg: row.error && isMessageKey(row.error) ? formatMessage(row.error, locale) : null,
    shared: row.share_hash !== null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** A user's checks: submitting (priced, or included by the membership), the list and reports, deleting, sharing, and the admin's settings. */
export class PlagiarismService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { ledger: Pick<LedgerService, 'applyInTx'>; userInfo: Pick<UserInfoService, 'get'> },
    private readonly lane: PlagiarismLane,
    private readonly runner: PlagiarismRunner,
    private readonly corpus: CorpusIndex,
  ) {}

  private get repo() {
    return this.runner.repo;
  }

  async settings(): Promise<PlagiarismSettings> {
    return { ...DEFAULT_PLAGIARISM_SETTINGS, ...(await this.repo.settings(this.ctx.db)) };
  }

  async saveSettings(value: PlagiarismSettings): Promise<PlagiarismSettings> {
    await this.repo.saveSettings(this.ctx.db, value, this.ctx.now());
    return this.settings();
  }

  /** Whether the user holds an active membership of a kind that includes checks. */
  private async member(userId: number, settings: PlagiarismSettings): Promise<boolean> {
    const info = await this.deps.userInfo.get(userId);
    const now = this.ctx.now().getTime();
    return (info?.memberships ?? []).some((m) => (settings.member_kinds as string[]).includes(m.kind) && (m.expires_at === null || Date.parse(m.expires_at) > now));
  }

  async options(userId: number): Promise<PlagiarismOptions> {
    const settings = await this.settings();
    const [member, info, used] = await Promise.all([this.member(userId, settings), this.deps.userInfo.get(userId), this.repo.includedSince(this.ctx.db, userId, monthStart(this.ctx.now()))]);
    const left = member && settings.member_chars_per_month > 0 ? Math.max(0, settings.member_chars_per_month - used) : null;
    return { ...settings, max_chars: PLAGIARISM_MAX_CHARS, member, member_chars_left: member ? left : null, word_count: info?.balance.word_count ?? 0, corpus_size: this.corpus.size };
  }

  /**
   * Accepts a check: the text is limited (empty and over-long texts refused
   * with their limits), then in one transaction, serialised per user, the
   * membership's allowance is spent or the price charged (idempotent by the
   * check's id), the row is stored and its job queued. The same `client_key`
   * again answers the first check; two submissions of the same text are two
   * checks, each charged.
   */
  async create(userId: number, input: PlagiarismCreateInput, locale: Locale): Promise<PlagiarismItem> {
    const body = plagiarismCreateSchema.parse(input);
    const settings = await this.settings();
    if (!settings.is_open) throw new AppError('plagiarism_closed', 403);
    const text = normalise(body.text);
    const chars = countChars(text);
    if (chars === 0) throw badRequest('plagiarism_text_empty');
    if (chars > PLAGIARISM_MAX_CHARS) throw badRequest('plagiarism_text_too_long', { max: PLAGIARISM_MAX_CHARS, chars });
    if (!body.scope.corpus && !body.scope.library && !body.scope.history) throw badRequest('plagiarism_scope_empty');
    if (body.client_key) {
      const existing = await this.repo.byClientKey(this.ctx.db, userId, body.client_key);
      if (existing) return presentItem(existing, locale);
    }
    const member = await this.member(userId, settings);
    try {
      const row = await transaction(this.ctx.db, async (tx, afterCommit) => {
        await this.repo.lockUser(tx, userId);
        const row = await this.repo.insert(tx, {
          userId,
          title: body.title || titleFrom(text, body.filename),
          filename: body.filename ?? null,
          text,
          textHash: sha256(text.normalize('NFKC')),
          chars,
          scope: body.scope,
          clientKey: body.client_key ?? null,
          now: this.ctx.now(),
        });
        const { charged, included } = await this.charge(tx, row, settings, member);
        const jobId = await this.lane.enqueue(tx, PLAGIARISM_JOB, { check_id: row.id }, { ref: `plagiarism:${row.id}`, maxAttempts: 2, fairKey: String(userId) });
        await this.repo.setJob(tx, row.id, jobId, charged, included);
        afterCommit(() => {
          this.lane.wake();
          if (charged > 0) return this.ctx.bus.publish('user', String(userId));
        });
        return { ...row, job_id: jobId, charged, included_chars: included };
      });
      return presentItem(row, locale);
    } catch (error) {
      // Two requests with one client key at once: the second answers the first's check.
      if (body.client_key && pgErrorCode(error) === PG.UNIQUE_VIOLATION) {
        const existing = await this.repo.byClientKey(this.ctx.db, userId, body.client_key);
        if (existing) return presentItem(existing, locale);
      }
      throw error;
    }
  }

  /** Included by the membership while the month's allowance covers the whole text; otherwise the started thousands of characters at the price. */
  private async charge(tx: Tx, row: CheckRow, settings: PlagiarismSettings, member: boolean): Promise<{ charged: number; included: number }> {
    if (member) {
      const limit = settings.member_chars_per_month;
      const used = limit > 0 ? await this.repo.includedSince(tx, row.user_id, monthStart(this.ctx.now())) : 0;
      if (limit === 0 || used + row.chars <= limit) return { charged: 0, included: row.chars };
    }
    const cost = Math.ceil(row.chars / 1000) * settings.price_per_thousand;
    if (cost === 0) return { charged: 0, included: 0 };
    await this.deps.ledger.applyInTx(tx, { userId: row.user_id, asset: PLAGIARISM_ASSET, delta: -cost, reason: 'plagiarism', refType: 'plagiarism', refId: String(row.id), idempotencyKey: `plagiarism:${row.id}:charge` });
    return { charged: cost, included: 0 };
  }

  async list(userId: number, query: { page_no: number; page_size: number }, locale: Locale) {
    const { rows, count } = await this.repo.list(this.ctx.db, userId, query.page_size, pageOffset(query));
    const waiting = rows.filter((r) => r.status === 'queued' && r.job_id).map((r) => r.job_id!);
    const positions = waiting.length > 0 ? await this.lane.positions(waiting) : new Map<string, number>();
    return { lists: rows.map((r) => presentItem(r, locale, r.job_id ? (positions.get(r.job_id) ?? 0) : 0)), count, page_no: query.page_no, page_size: query.page_size };
  }

  async detail(userId: number, id: number, locale: Locale): Promise<PlagiarismDetail> {
    const row = await this.owned(userId, id);
    const position = row.status === 'queued' && row.job_id ? ((await this.lane.positions([row.job_id])).get(row.job_id) ?? 0) : 0;
    return { ...presentItem(row, locale, position), text: row.text, report: row.report };
  }

  /** Deletes a check; one still waiting is taken off the queue and its charge given back. */
  async delete(userId: number, id: number): Promise<void> {
    await transaction(this.ctx.db, async (tx, afterCommit) => {
      const row = await this.repo.lockForDelete(tx, userId, id);
      if (!row) throw notFound();
      const cancelled = row.status === 'queued' && row.job_id !== null && (await this.lane.dequeue(tx, row.job_id));
      if (cancelled && row.charged > 0) {
        await this.deps.ledger.applyInTx(tx, { userId, asset: PLAGIARISM_ASSET, delta: row.charged, reason: 'plagiarism_refund', refType: 'plagiarism', refId: String(id), idempotencyKey: `plagiarism:${id}:refund` });
        afterCommit(() => this.ctx.bus.publish('user', String(userId)));
      }
      await this.repo.delete(tx, id);
    });
  }

  /** A new read-only link; the token is shown once (only its hash is kept), and an earlier link stops working. */
  async share(userId: number, id: number): Promise<PlagiarismShare> {
    const row = await this.owned(userId, id);
    if (row.status !== 'done') throw conflict('plagiarism_not_ready');
    const token = randomToken(SHARE_TOKEN_BYTES);
    const now = this.ctx.now();
    await this.repo.setShare(this.ctx.db, userId, id, sha256(token), now);
    return { token, path: `${PLAGIARISM_SHARE_PAGE}?token=${token}`, created_at: now.toISOString() };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.repo.setShare(this.ctx.db, userId, id, null, this.ctx.now()))) throw notFound();
  }

  /** Anyone with the link: the report and its text, nothing of the owner. */
  async shared(token: string): Promise<PlagiarismShared> {
    const row = await this.repo.byShareHash(this.ctx.db, sha256(token));
    if (!row || !row.report) throw notFound('plagiarism_share_invalid');
    return { title: row.title, filename: row.filename, chars: row.chars, finished_at: row.finished_at?.toISOString() ?? null, text: row.text, report: row.report };
  }

  /** A finished check's report (for the downloads). */
  async report(userId: number, id: number): Promise<PlagiarismShared> {
    const row = await this.owned(userId, id);
    if (!row.report) throw conflict('plagiarism_not_ready');
    return { title: row.title, filename: row.filename, chars: row.chars, finished_at: row.finished_at?.toISOString() ?? null, text: row.text, report: row.report };
  }

  async owned(userId: number, id: number): Promise<CheckRow> {
    const row = await this.repo.byId(this.ctx.db, userId, id);
    if (!row) throw notFound();
    return row;
  }
}
