import type { AppContext } from '../../platform/context.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { UserInfoService } from '../user/user-info.service.js';
import { CorpusIndex } from './corpus-index.js';
import { plagiarismEngine, type PlagiarismEngine } from './engine/index.js';
import { PlagiarismRunner } from './plagiarism-run.js';
import { PlagiarismRepository } from './plagiarism.repository.js';
import { PlagiarismService } from './plagiarism.service.js';

export interface Plagiarism {
  checks: PlagiarismService;
  runner: PlagiarismRunner;
  corpus: CorpusIndex;
  /** The checks' own lane: alignment is CPU work, so one check at a time per process, fair between users. */
  lane: JobRunner;
}

/** The feature's parts, built around one engine (the product's own unless a test gives another). */
export function createPlagiarism(ctx: AppContext, deps: { jobs: JobRunner; ledger: LedgerService; userInfo: UserInfoService }, engine: PlagiarismEngine = plagiarismEngine): Plagiarism {
  const lane = deps.jobs.lane({ concurrency: 1, fair: true });
  const corpus = new CorpusIndex(ctx, engine, new PlagiarismRepository());
  const runner = new PlagiarismRunner(ctx, engine, corpus, deps.ledger);
  return { checks: new PlagiarismService(ctx, deps, lane, runner, corpus), runner, corpus, lane };
}
