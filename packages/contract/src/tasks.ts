import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, safeString } from './common.js';

/**
 * Daily tasks (spec §1). A "day" is the calendar day in UTC+8 (China
 * Standard Time): the product is Chinese-first, so the tasks reset at midnight
 * in Beijing, whatever the server's zone. Sign-in is claimed by the user
 * (POST /task/signin); the other tasks are granted automatically when their
 * event happens (a chat answer, a template produced, a share link clicked, an
 * invitee signing up), up to the daily limit.
 */
export const TASK_KINDS = ['signin', 'chat', 'template', 'share', 'invite'] as const;
export const taskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof taskKindSchema>;

const countSchema = z.number({ error: 'validation_failed' }).int('validation_failed').min(0, 'validation_failed').max(1_000_000_000, 'validation_failed');
const text = (max: number) => safeString().trim().max(max, 'validation_failed');
const localizedText = (max: number) => z.object({ zh: text(max), en: text(max), ja: text(max), ko: text(max) });

/** Counts granted by a task completion or an invitation. */
export const rewardSchema = z.object({
  conversation_count: countSchema,
  word_count: countSchema,
  drawing_count: countSchema,
});
export type Reward = z.infer<typeof rewardSchema>;

export const taskInputSchema = z.object({
  kind: taskKindSchema,
  name: localizedText(100),
  description: localizedText(500),
  /** Completions rewarded per UTC+8 day (1-100). */
  daily_limit: z.number({ error: 'validation_failed' }).int('validation_failed').min(1, 'validation_failed').max(100, 'validation_failed'),
  reward: rewardSchema,
  sort: z.number().int().min(-100_000).max(100_000),
  enabled: z.boolean(),
});
export type TaskInput = z.infer<typeof taskInputSchema>;

export const adminTaskSchema = z.object({
  id: z.number().int(),
  kind: taskKindSchema,
  name: localizedText(100),
  description: localizedText(500),
  daily_limit: z.number().int(),
  reward: rewardSchema,
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;

/** A task as a user sees it today: texts in the request's language, and progress. */
export const taskSchema = z.object({
  id: z.number().int(),
  kind: taskKindSchema,
  name: safeString(),
  description: safeString(),
  daily_limit: z.number().int(),
  reward: rewardSchema,
  /** Completions rewarded today (0..daily_limit). */
  done_today: z.number().int(),
  /** done_today >= daily_limit. */
  completed: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

export const tasksEndpoints = {
  taskLists: endpoint({
    method: 'GET',
    path: '/task/lists',
    auth: 'user',
    summary: "Enabled daily tasks with today's progress (day = calendar day in UTC+8)",
    tags: ['tasks'],
    response: z.object({ day: safeString(), lists: z.array(taskSchema) }),
  }),
  taskSignin: endpoint({
    method: 'POST',
    path: '/task/signin',
    auth: 'user',
    summary: 'Daily sign-in: grants the sign-in reward once per day (409 task_done_today after that)',
    tags: ['tasks'],
    body: z.object({}).nullish(),
    response: z.object({ reward: rewardSchema, done_today: z.number().int(), daily_limit: z.number().int() }),
  }),
  adminTasks: endpoint({
    method: 'GET',
    path: '/admin/tasks',
    auth: 'admin',
    summary: 'All tasks, on and off',
    tags: ['admin', 'tasks'],
    response: z.object({ lists: z.array(adminTaskSchema) }),
  }),
  adminTaskSave: endpoint({
    method: 'POST',
    path: '/admin/task/save',
    auth: 'admin',
    summary: 'Create (no id) or replace a task; tasks are switched off, never deleted (ledger rows refer to them)',
    tags: ['admin', 'tasks'],
    body: z.object({ id: idSchema.optional(), task: taskInputSchema }),
    response: adminTaskSchema,
  }),
};
