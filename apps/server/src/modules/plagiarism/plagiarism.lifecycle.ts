import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { CorpusIndex } from './corpus-index.js';
import { PLAGIARISM_JOB, type PlagiarismRunner } from './plagiarism-run.js';

/**
 * Checks at start-up: the job joins its own lane (CPU work, one at a time per
 * process, fair between users), the corpus index follows imports and is built
 * in the background once the app is ready (the first check waits for it if it
 * comes sooner), and the lane stops with the app. Jobs a dead process left
 * running are queued again by the lane's start and run from the beginning.
 */
export function plagiarismLifecycle(app: FastifyInstance, lane: JobRunner, runner: PlagiarismRunner, corpus: CorpusIndex): void {
  lane.register(PLAGIARISM_JOB, runner.handle);
  corpus.follow();
  app.addHook('onReady', async () => {
    await lane.start();
    void corpus.ready().catch((error: unknown) => app.log.warn({ err: error }, 'plagiarism corpus index not built; the first check retries'));
  });
  app.addHook('preClose', async () => {
    await lane.stop();
  });
}
