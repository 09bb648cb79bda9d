import type { AppContext } from '../../platform/context.js';
import { staleBefore } from '../../platform/jobs/stale.js';
import type { MindmapService } from './mindmap.service.js';

/** How long a model's map may go without settling before its process counts as dead (a long outline streams for minutes). */
const STALE_MS = 15 * 60_000;

/** At start-up: maps a dead run left generating become failed, keeping the tree they had (on PGlite, one process, all of them). */
export async function mindmapLifecycle(ctx: AppContext, maps: MindmapService): Promise<void> {
  await maps.sweep(staleBefore(ctx.dbKind, ctx.now(), STALE_MS));
}
