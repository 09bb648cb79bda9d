import type { AdminTask, Locale, Reward, Task, TaskInput, TaskKind } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { dayOf, grantRewardInTx } from '../promotion/reward.js';
import { TasksRepository, type TaskRow } from './tasks.repository.js';

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
export class TasksService {
  private readonly repo = new TasksRepository();
  private readonly listeners: ActivityListener[] = [];
  /** Where swallowed failures go; the app points it at its logger when the routes register. */
  log: (line: string) => void = () => undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: LedgerService,
  ) {}

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
      const tasks = await this.repo.list(this.ctx.db, { enabledOnly: true, kind: event });
      for (const task of tasks) await this.complete(userId, task);
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
    if (id === undefined) return presentAdmin(await this.repo.insert(this.ctx.db, input, now));
    const row = await this.repo.update(this.ctx.db, id, input, now);
    if (!row) throw notFound('task_not_found');
    return presentAdmin(row);
  }
}
