import type { AdminTask, Locale, Reward, Task, TaskInput, TaskKind } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { dayOf, grantRewardInTx } from '../promotion/reward.js';
import { TasksRepository, type TaskRow } from './tasks.repository.js';

/** `settings:tasks` on the bus: the task list changed (every process drops its copy). */
const TASKS_TOPIC_ID = 'tasks';

/** Events other modules report; each maps to the task kind of the same name. */
export type TaskEvent = Exclude<TaskKind, 'signin'>;

/** Called when a user's activity may unlock something else (an invitation reward waiting for first use). */
export type ActivityListener = (userId: number, event: TaskEvent) => Promise<void>;

function presentAdmin(row: TaskRow): AdminTask {
  return { id: row.id, kind: row.kind, name: row.name, description: row.description, daily_limit: row.daily_limit, reward: row.reward, sort: row.sort, enabled: row.enabled };
}

/**
 * Daily tasks. Sign-in is claimed; the other tasks are granted automatically
 * when their event is recorded (decision recorded in docs/product-choices.md),
 * up to the daily limit of the UTC+8 day. Each completion takes a numbered
 * slot (task_progress) and is paid through the ledger with the key
 * `task:<task>:<user>:<day>:<n>`, in one transaction.
 */
/** How long the enabled task list is reused by `record` (admin edits publish `settings:tasks` and drop it at once). */
const TASK_LIST_TTL_MS = 10_000;
/** Bound on the memo of tasks a user has finished today. */
const FULL_MEMO_MAX = 100_000;

export class TasksService {
  private readonly repo = new TasksRepository();
  private readonly listeners: ActivityListener[] = [];
  private enabledTasks: { rows: Promise<TaskRow[]>; loadedAt: number } | null = null;
  /**
   * `task:limit:user:day` of tasks that reached their daily limit: every
   * chat answer records an event, and once the day's slots are taken there
   * is nothing to write (a raised limit changes the key, a new day too).
   */
  private readonly full = new Set<string>();
  /** Where swallowed failures go; the app points it at its logger when the routes register. */
  log: (line: string) => void = () => undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
  ) {
    ctx.bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === TASKS_TOPIC_ID || id === '*')) this.enabledTasks = null;
    });
  }

  /** The enabled tasks, shared by `record` calls for a few seconds. */
  private enabled(): Promise<TaskRow[]> {
    const nowMs = Date.now();
    if (!this.enabledTasks || nowMs - this.enabledTasks.loadedAt > TASK_LIST_TTL_MS) {
      const rows = this.repo.list(this.ctx.db, { enabledOnly: true });
      this.enabledTasks = { rows, loadedAt: nowMs };
      // A failed read is not kept (unless a newer one has replaced it meanwhile).
      rows.catch(() => {
        if (this.enabledTasks?.rows === rows) this.enabledTasks = null;
      });
    }
    return this.enabledTasks.rows;
  }

  onActivity(listener: ActivityListener): void {
    this.listeners.push(listener);
  }

  async list(userId: number, locale: Locale): Promise<{ day: string; lists: Task[] }> {
    const day = dayOf(this.ctx.now());
    const [tasks, progress] = await Promise.all([this.repo.list(this.ctx.db, { enabledOnly: true }), this.repo.progress(this.ctx.db, userId, day)]);
    return {
      day,
      lists: tasks.map((t) => {
        const done = Math.min(progress.get(t.id) ?? 0, t.daily_limit);
        return { id: t.id, kind: t.kind, name: t.name[locale] || t.name.zh, description: t.description[locale] || t.description.zh, daily_limit: t.daily_limit, reward: t.reward, done_today: done, completed: done >= t.daily_limit };
      }),
    };
  }

  async signin(userId: number): Promise<{ reward: Reward; done_today: number; daily_limit: number }> {
    const task = (await this.repo.list(this.ctx.db, { enabledOnly: true, kind: 'signin' }))[0];
    if (!task) throw notFound('task_not_found');
    const n = await this.complete(userId, task);
    if (n === null) throw new AppError('task_done_today', 409);
    return { reward: task.reward, done_today: n, daily_limit: task.daily_limit };
  }

  /**
   * Records an event for the user's tasks of that kind and tells the
   * listeners. Never throws: a reward must not fail the chat answer, the
   * share click or the sign-up that earned it; failures are logged.
   */
  async record(userId: number, event: TaskEvent): Promise<void> {
    try {
      const day = dayOf(this.ctx.now());
      const tasks = (await this.enabled()).filter((t) => t.kind === event);
      for (const task of tasks) {
        const key = `${task.id}:${task.daily_limit}:${userId}:${day}`;
        if (this.full.has(key)) continue;
        const n = await this.complete(userId, task);
        if (n === null || n >= task.daily_limit) {
          if (this.full.size >= FULL_MEMO_MAX) this.full.clear();
          this.full.add(key);
        }
      }
    } catch (error) {
      this.log(`task ${event} for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const listener of this.listeners) {
      try {
        await listener(userId, event);
      } catch (error) {
        this.log(`activity listener for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** Takes the next slot of today and pays it; null when the day's limit is reached. */
  private async complete(userId: number, task: TaskRow): Promise<number | null> {
    const now = this.ctx.now();
    const day = dayOf(now);
    return transaction(this.ctx.db, async (tx, afterCommit) => {
      const n = await this.repo.take(tx, task.id, userId, day, task.daily_limit, now);
      if (n === null) return null;
      await grantRewardInTx(this.ledger, tx, userId, task.reward, { reason: `task_${task.kind}`, refType: 'task', refId: String(task.id), keyPrefix: `task:${task.id}:${userId}:${day}:${n}` });
      afterCommit(() => this.ctx.bus.publish('user', String(userId)));
      return n;
    });
  }

  async adminList(): Promise<{ lists: AdminTask[] }> {
    return { lists: (await this.repo.list(this.ctx.db, { enabledOnly: false })).map(presentAdmin) };
  }

  async save(id: number | undefined, input: TaskInput): Promise<AdminTask> {
    const now = this.ctx.now();
    const row = id === undefined ? await this.repo.insert(this.ctx.db, input, now) : await this.repo.update(this.ctx.db, id, input, now);
    if (!row) throw notFound('task_not_found');
    await this.ctx.bus.publish('settings', TASKS_TOPIC_ID);
    return presentAdmin(row);
  }
}
