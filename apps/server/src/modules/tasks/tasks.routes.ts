import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';

/** Daily tasks and their admin page (issue 6). */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const tasks = app.services.tasks;
  tasks.log = (line) => app.log.warn(line);

  defineRoute(app, api.taskLists, { handler: ({ requireUser, locale }) => tasks.list(requireUser().id, locale) });
  defineRoute(app, api.taskSignin, { msg: 'task_signin_success', handler: ({ requireUser }) => tasks.signin(requireUser().id) });
  defineRoute(app, api.adminTasks, { handler: () => tasks.adminList() });
  defineRoute(app, api.adminTaskSave, { msg: 'saved', handler: ({ body }) => tasks.save(body.id, body.task) });
}
