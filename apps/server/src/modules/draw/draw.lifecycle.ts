import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { DrawChannels } from './draw-channels.js';
import type { DrawOutcome } from './draw-outcome.js';
import { DRAW_JOB, type DrawJobRunner } from './draw-run.js';
import { DrawRepository } from './draw.repository.js';

/**
 * Drawing at start-up: the drawing job joins its own lane of the job runner
 * (fair between users, each channel held to its concurrency), which starts
 * once the app is ready (re-queuing what a dead process left running) and
 * stops on close (a job in hand goes back to the queue). Open drawings whose
 * queue row ended without ending them (nothing will run them again) fail
 * with draw_fail_restart and are refunded.
 */
export async function drawingLifecycle(app: FastifyInstance, ctx: AppContext, lane: JobRunner, runner: DrawJobRunner, channels: DrawChannels, outcome: DrawOutcome): Promise<void> {
  lane.register(DRAW_JOB, runner.handler);
  const repo = new DrawRepository();
  app.addHook('onReady', async () => {
    // The slot limits the lane reads at every claim.
    await channels.list();
    await lane.start();
    for (const id of await repo.orphaned(ctx.db)) await outcome.end(id, 'failed', 'draw_fail_restart', 'no queue row left to run it');
  });
  app.addHook('preClose', async () => {
    await lane.stop();
  });
}
