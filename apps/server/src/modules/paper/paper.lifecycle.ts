import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { RetrievalService } from '../retrieval/retrieval.service.js';
import { paperRetrievalSource } from './paper-source.js';
import type { PaperService } from './paper.service.js';

/**
 * Papers at start-up: the local corpus becomes a retrieval source (the offline
 * chat channel and cited answers can quote it), and once the server listens the
 * in-memory index is built in the background, so start-up is not delayed and
 * the first search rarely waits.
 */
export function papersLifecycle(app: FastifyInstance, ctx: AppContext, papers: PaperService, retrieval: RetrievalService): void {
  retrieval.register(paperRetrievalSource(papers));
  app.server.once('listening', () => {
    const started = Date.now();
    papers.index
      .ready()
      .then(() => app.log.info({ papers: papers.index.size, ms: Date.now() - started }, 'paper index built'))
      .catch((error: unknown) => app.log.error({ err: error }, 'paper index build failed'));
    // The starter corpus for an empty library, beside the index build; searches keep answering meanwhile (decision 0022).
    if (ctx.env.PAPERS_STARTER ?? ctx.env.NODE_ENV !== 'test') {
      papers
        .importStarter()
        .then((result) => result.imported > 0 && app.log.info({ papers: result.imported, ms: Date.now() - started }, 'starter paper corpus imported'))
        .catch((error: unknown) => app.log.error({ err: error }, 'starter paper corpus import failed'));
    }
  });
}
