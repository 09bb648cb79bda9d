import { sql, type Selectable } from 'kysely';
import type { Reward, TaskInput, TaskKind } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { TasksTable } from '../promotion/promotion.tables.js';

export type TaskRow = Selectable<TasksTable>;

/** All SQL of daily tasks. */
export class TasksRepository {
  list(db: Db | Tx, filter: { enabledOnly: boolean; kind?: TaskKind }): Promise<TaskRow[]> {
    let q = db.selectFrom('tasks').selectAll();
    if (filter.enabledOnly) q = q.where('enabled', '=', true);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    return q.orderBy('sort').orderBy('id').execute();
  }

  find(db: Db, id: number): Promise<TaskRow | undefined> {
    return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(db: Db, input: TaskInput, now: Date): Promise<TaskRow> {
    return db
      .insertInto('tasks')
      .values({ ...columns(input), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(db: Db, id: number, input: TaskInput, now: Date): Promise<TaskRow | undefined> {
    return db.updateTable('tasks').set({ ...columns(input), updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async progress(db: Db, userId: number, day: string): Promise<Map<number, number>> {
    const rows = await db.selectFrom('task_progress').select(['task_id', 'done']).where('user_id', '=', userId).where('day', '=', day).execute();
    return new Map(rows.map((r) => [r.task_id, r.done]));
  }

  /**
   * Counts one completion unless the day's limit is reached, atomically: the
   * conditional upsert takes the row lock, so concurrent completions queue and
   * each sees the count the one before it left. Returns the completion's
   * number (1..limit), or null when the limit was already reached.
   */
  async take(tx: Tx, taskId: number, userId: number, day: string, limit: number, now: Date): Promise<number | null> {
    const result = await sql<{ done: number }>`
      INSERT INTO task_progress (task_id, user_id, day, done, updated_at)
      VALUES (${taskId}, ${userId}, ${day}, 1, ${now})
      ON CONFLICT (task_id, user_id, day) DO UPDATE SET done = task_progress.done + 1, updated_at = EXCLUDED.updated_at
      WHERE task_progress.done < ${limit}
      RETURNING done`.execute(tx);
    const done = result.rows[0]?.done;
    return done === undefined || done > limit ? null : done;
  }
}

function columns(input: TaskInput) {
  const reward: Reward = input.reward;
  return {
    kind: input.kind,
    name: JSON.stringify(input.name),
    description: JSON.stringify(input.description),
    daily_limit: input.daily_limit,
    reward: JSON.stringify(reward),
    sort: input.sort,
    enabled: input.enabled,
  };
}
