import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { staleBefore } from '../../platform/jobs/stale.js';
import type { RetrievalService } from '../retrieval/retrieval.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { docProcessHandler, DOC_JOB } from './doc-process.js';
import type { Notifier } from '../notice/notifier.js';
import type { DocService } from './doc.service.js';
import { DocumentSource } from './doc-source.js';

/** On PostgreSQL, a document answer quiet this long belongs to a process that died (another may be streaming a newer one). */
const ANSWER_STALE_MS = 10 * 60_000;

/**
 * Documents at start-up: the processing job (parse, index, embed) joins the
 * job runner, documents become a retrieval source, answers a dead run left
 * generating are failed, and the runner starts once the app is ready and
 * stops (waiting for the job in hand) when it closes.
 */
export async function documentsLifecycle(app: FastifyInstance, ctx: AppContext, docs: DocService, jobs: JobRunner, retrieval: RetrievalService, settings: SettingsService, notifier?: Notifier): Promise<void> {
  jobs.register(
    DOC_JOB,
    docProcessHandler(
      ctx,
      settings,
      async (id) => {
        docs.forget(id);
        await docs.embedPassages(id, app.log);
      },
      notifier,
    ),
  );
  retrieval.register(new DocumentSource(docs, ctx));
  const now = ctx.now();
  await docs.repo.failGenerating(ctx.db, staleBefore(ctx.dbKind, now, ANSWER_STALE_MS), now);
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
}
