import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { PlagiarismScope } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { PermanentJobError, type JobContext } from '../../platform/jobs/job-runner.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { paperText, type CorpusIndex } from './corpus-index.js';
import type { PlagiarismEngine } from './engine/index.js';
import { PlagiarismRepository, type SourceText } from './plagiarism.repository.js';
import { buildReport, type Match, type MatchedSource } from './report.js';

export const PLAGIARISM_JOB = 'plagiarism.check';
export const PLAGIARISM_ASSET = 'word_count';

/** Candidates aligned from each collection: the ones sharing the most fingerprints. */
const CORPUS_CANDIDATES = 40;
const OWN_CANDIDATES = 20;
/** The user's own texts indexed for one check. */
const OWN_TEXTS = 200;

/**
 * The job of one check: find candidate sources by shared fingerprints in the
 * chosen collections (the corpus's process-wide index; the user's documents
 * and earlier checks indexed for this check only, so nobody else's text is
 * ever a source), align the text with each candidate, and store the report.
 * Progress is written as candidates are aligned. A failure on the last
 * attempt (or a permanent one) ends the check `failed` and refunds its charge
 * once.
 */
export class PlagiarismRunner {
  readonly repo = new PlagiarismRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: PlagiarismEngine,
    private readonly corpus: CorpusIndex,
    private readonly ledger: Pick<LedgerService, 'applyInTx'>,
  ) {}

  readonly handle = async (payload: Record<string, unknown>, job: JobContext): Promise<void> => {
    const id = Number(payload.check_id);
    const check = await this.repo.byIdAny(this.ctx.db, id);
    // Deleted meanwhile, or already ended: nothing to do.
    if (!check || check.status === 'done' || check.status === 'failed') return;
    try {
      await this.repo.start(this.ctx.db, id, this.ctx.now());
      const report = await this.run(check.id, check.user_id, check.text, check.text_hash, check.scope, job.signal);
      await this.repo.finish(this.ctx.db, id, report, this.ctx.now());
    } catch (error) {
      if (job.signal.aborted) throw error;
      if (error instanceof PermanentJobError || job.lastAttempt) await this.fail(id, 'plagiarism_check_failed');
      throw error;
    }
  };

  private async run(id: number, userId: number, text: string, textHash: string, scope: PlagiarismScope, signal: AbortSignal) {
    const sources: MatchedSource[] = [];
    const pending: { source: number; text: string }[] = [];
    let corpusSize = 0;
    await this.progress(id, 5);
    if (scope.corpus) {
      await this.corpus.ready();
      corpusSize = this.corpus.size;
      const ids = this.corpus.candidates(text, CORPUS_CANDIDATES).map((c) => c.id);
      // Read now: a paper re-imported since it was indexed is aligned as it is now.
      const papers = await this.repo.papers(this.ctx.db, ids);
      const byId = new Map(papers.map((p) => [p.id, p]));
      for (const pid of ids) {
        const p = byId.get(pid);
        if (!p) continue;
        const t = paperText(p);
        sources.push({ kind: 'paper', title: p.title, link: `/academic_search/detail/${p.id}`, text: t });
        pending.push({ source: sources.length - 1, text: t });
      }
    }
    const own = async (kind: 'document' | 'check', texts: SourceText[], link: (s: SourceText) => string) => {
      if (texts.length === 0) return;
      const index = this.engine.createIndex();
      for (const s of texts) if (s.text.trim()) index.add(String(s.id), s.text);
      const byId = new Map(texts.map((s) => [String(s.id), s]));
      for (const c of index.candidates(text, { limit: OWN_CANDIDATES, minShared: 2 })) {
        const s = byId.get(c.id)!;
        sources.push({ kind, title: s.title, link: link(s), text: s.text });
        pending.push({ source: sources.length - 1, text: s.text });
      }
    };
    if (scope.library) await own('document', await this.repo.documents(this.ctx.db, userId, OWN_TEXTS), (s) => `/doc/details?id=${s.id}`);
    if (scope.history) await own('check', await this.repo.earlierChecks(this.ctx.db, userId, id, textHash, OWN_TEXTS), (s) => `/paper/check/${s.id}`);
    await this.progress(id, 10);

    const found: Match[] = [];
    let done = 0;
    let shown = 10;
    for (const p of pending) {
      if (signal.aborted) throw new Error('stopped');
      for (const a of this.engine.align(text, p.text)) {
        found.push({ source: p.source, start: a.suspOffset, end: a.suspOffset + a.suspLength, sourceStart: a.sourceOffset, sourceEnd: a.sourceOffset + a.sourceLength });
      }
      done += 1;
      const now = 10 + Math.floor((done / pending.length) * 85);
      if (now >= shown + 5) {
        shown = now;
        await this.progress(id, now);
      }
      // Alignment is CPU work: other requests are served between sources.
      await yieldToLoop();
    }
    return buildReport(text, found, sources, { candidates: pending.length, corpusSize });
  }

  private async progress(id: number, value: number): Promise<void> {
    await this.repo.setProgress(this.ctx.db, id, value, this.ctx.now());
  }

  /** Ends a check failed and gives its charge back, once (the row lock and the refund's idempotency key both hold it to one). */
  async fail(id: number, error: string): Promise<boolean> {
    return transaction(this.ctx.db, async (tx, afterCommit) => {
      const row = await this.repo.fail(tx, id, error, this.ctx.now());
      if (!row) return false;
      if (row.charged > 0) {
        await this.ledger.applyInTx(tx, { userId: row.user_id, asset: PLAGIARISM_ASSET, delta: row.charged, reason: 'plagiarism_refund', refType: 'plagiarism', refId: String(id), idempotencyKey: `plagiarism:${id}:refund` });
        afterCommit(() => this.ctx.bus.publish('user', String(row.user_id)));
      }
      return true;
    });
  }
}
