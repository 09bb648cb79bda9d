import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { StaffService } from './staff.service.js';

/** Admin → Users: the role of a user. Routes only route. */
export async function staffRoutes(app: FastifyInstance, staff: StaffService): Promise<void> {
  defineRoute(app, api.adminSetUserRole, { msg: 'role_updated', handler: ({ requireUser, body }) => staff.setRole(requireUser().id, body.user_id, body.role) });
}
