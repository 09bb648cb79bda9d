import type { AppContext } from '../../platform/context.js';
import { staleBefore } from '../../platform/jobs/stale.js';
import type { PaperWriteService } from './paper-write.service.js';

/** How long a section may stay generating before its process counts as dead (a long section streams for minutes). */
const STALE_MS = 15 * 60_000;

/** At start-up: sections a dead run left generating keep the text they had (or fail), with the reason (on PGlite, one process, all of them). */
export async function paperWriteLifecycle(ctx: AppContext, projects: PaperWriteService): Promise<void> {
  await projects.repo.sweep(ctx.db, staleBefore(ctx.dbKind, ctx.now(), STALE_MS), ctx.now());
}
