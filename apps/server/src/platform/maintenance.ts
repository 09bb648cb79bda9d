import type { Logger } from './logger.js';

/** One kind of periodic upkeep: deleting what is past its retention, settling what is due. */
export interface MaintenanceTask {
  name: string;
  everyMs: number;
  /** Does the work for `now`; returns how many rows it touched (logged when not 0). */
  run(now: Date): Promise<number>;
}

/** How often the scheduler looks for due tasks (tasks themselves run every `everyMs`). */
const TICK_MS = 60_000;

/**
 * The one timer for periodic maintenance. Every process runs it (none is
 * special, so none has to be elected); the tasks are written to be safe when
 * several processes run them at once (deletes take rows with SKIP LOCKED).
 * Due-ness follows the injectable clock, so tests move time and call `runDue`.
 * Started by the context, stopped by its close.
 */
export class MaintenanceScheduler {
  private readonly lastRun = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly tasks: readonly MaintenanceTask[],
    private readonly now: () => Date,
    private readonly log: Logger,
  ) {}

  /** First look after one tick (not during start-up), then every tick. */
  start(tickMs = TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.runDue().finally(() => (this.running = undefined));
    }, tickMs);
    this.timer.unref();
  }

  /** Runs every task that is due; a failing task is logged and tried again at the next tick. Returns what each did. */
  async runDue(): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    for (const task of this.tasks) {
      const now = this.now();
      const last = this.lastRun.get(task.name);
      if (last !== undefined && now.getTime() - last < task.everyMs) continue;
      try {
        done[task.name] = await task.run(now);
        this.lastRun.set(task.name, now.getTime());
        if (done[task.name]) this.log.info({ task: task.name, rows: done[task.name] }, 'maintenance done');
      } catch (error) {
        this.log.warn({ err: error, task: task.name }, 'maintenance failed; retried at the next tick');
      }
    }
    return done;
  }

  /** Stops the timer and waits for a run in progress (it holds database connections the close is about to end). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
