import { buffer } from 'node:stream/consumers';
import { DOC_MAX_WORDS } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { PermanentJobError, type JobContext } from '../../platform/jobs/job-runner.js';
import { countWords } from '../../providers/ai/tokens.js';
import type { SettingsService } from '../settings/settings.service.js';
import { DocRepository } from './doc.repository.js';
import { parseInWorker } from './parse/parse-pool.js';
import type { ParsedFormat } from './parse/types.js';
import type { Notifier } from '../notice/notifier.js';

export const DOC_JOB = 'doc.process';

/** Today's pages left for OCR: the smaller of the site's and the user's budget for the UTC day. */
async function ocrPagesLeft(ctx: AppContext, repo: DocRepository, settings: SettingsService, userId: number, day: string): Promise<number> {
  const budget = (await settings.site()).doc_ocr;
  const used = await repo.ocrPagesUsed(ctx.db, day, userId);
  return Math.max(0, Math.min(budget.pages_per_day - used.site, budget.pages_per_user_per_day - used.user));
}

/**
 * The processing job of one document: read the stored file, parse it in a
 * worker thread (scanned pages and page photos by OCR, within the day's page
 * budget, showing which page is being read: decision 0029), enforce the word
 * limit, cut passages, and store pages and passages with status `complete` in
 * one transaction. A parser's refusal
 * (encrypted, scanned, corrupt, too many words...) is `parse_failed` with
 * its reason, at once; an unexpected error is retried by the runner and
 * becomes `process_failed` on the last attempt.
 */
export function docProcessHandler(ctx: AppContext, settings: SettingsService, onDone: (docId: number) => void | Promise<void>, notifier?: Notifier) {
  const repo = new DocRepository();
  // Processing ended, either way: the user hears it once (a failure is told by its last attempt only).
  const processed = (doc: { id: number; user_id: number; name: string }) =>
    notifier?.notify({ userId: doc.user_id, kind: 'doc_processed', params: { title: doc.name }, link: `/doc/details?id=${doc.id}` });
  return async (payload: Record<string, unknown>, job: JobContext): Promise<void> => {
    const id = Number(payload.doc_id);
    const doc = await repo.byIdAny(ctx.db, id);
    // Deleted meanwhile: nothing to do.
    if (!doc) return;
    try {
      await repo.setStatus(ctx.db, id, 'processing', ctx.now());
      const file = await ctx.storage.open(doc.storage_key);
      if (!file) throw new PermanentJobError('stored file missing');
      const data = await buffer(file.stream);
      const day = ctx.now().toISOString().slice(0, 10);
      const ocrPages = await ocrPagesLeft(ctx, repo, settings, doc.user_id, day);
      let progress = Promise.resolve();
      const outcome = await parseInWorker(doc.format as ParsedFormat, new Uint8Array(data), {
        ocrPages,
        // Writes are chained so a slow one is never overtaken by the page after it.
        onProgress: (p) => {
          progress = progress.then(() => repo.setProgress(ctx.db, id, p)).catch(() => undefined);
        },
      });
      await progress;
      if (outcome.ok) await repo.addOcrPages(ctx.db, day, doc.user_id, outcome.doc.ocrPages ?? 0);
      if (!outcome.ok) {
        await repo.setStatus(ctx.db, id, 'parse_failed', ctx.now(), { reason: outcome.reason, detail: outcome.detail });
        await processed(doc);
        return;
      }
      const pages = outcome.doc.pages.map((p) => p.text);
      const words = pages.reduce((n, text) => n + countWords(text), 0);
      if (words > DOC_MAX_WORDS) {
        await repo.setStatus(ctx.db, id, 'parse_failed', ctx.now(), { reason: 'doc_too_many_words', detail: `${words} words` });
        await processed(doc);
        return;
      }
      const chunks = outcome.chunks;
      await transaction(ctx.db, async (tx) => {
        // Deleted while parsing: the lock waits for a delete in progress, then finds nothing.
        const still = await tx.selectFrom('documents').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!still) return;
        await repo.saveParsed(tx, id, pages, chunks, words, ctx.now());
        await notifier?.notify({ userId: doc.user_id, kind: 'doc_processed', params: { title: doc.name }, link: `/doc/details?id=${id}` }, tx);
      });
      // Passage embedding (hybrid retrieval) runs here; it never throws, so the document stays complete.
      await onDone(id);
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.lastAttempt) {
        await repo.setStatus(ctx.db, id, 'process_failed', ctx.now(), { reason: 'doc_processing_failed', detail: error instanceof Error ? error.message : String(error) });
        await processed(doc);
      }
      throw error;
    }
  };
}
