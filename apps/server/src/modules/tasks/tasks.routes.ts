import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { TasksService } from './tasks.service.js';

/** Daily tasks and their admin page. */
export async function tasksRoutes(app: FastifyInstance, tasks: TasksService): Promise<void> {
  defineRoute(app, api.taskLists, { handler: ({ requireUser, locale }) => tasks.list(requireUser().id, locale) });
  defineRoute(app, api.taskSignin, { msg: 'task_signin_success', handler: ({ requireUser }) => tasks.signin(requireUser().id) });
  defineRoute(app, api.adminTasks, { handler: () => tasks.adminList() });
  defineRoute(app, api.adminTaskSave, { msg: 'saved', handler: ({ body }) => tasks.save(body.id, body.task) });
}
