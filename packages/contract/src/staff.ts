import { z } from 'zod';
import { endpoint, USER_ROLES } from './endpoint.js';
import { idSchema } from './common.js';

/**
 * Staff roles (docs/decisions/0036-staff-roles.md): an administrator makes a
 * user an operator (content, feedback, support) or an administrator (money,
 * settings, roles), or takes the role back. The last administrator stays one.
 */
export const staffEndpoints = {
  adminSetUserRole: endpoint({
    method: 'POST',
    path: '/admin/user/role',
    auth: 'admin',
    summary: 'Sets a user’s role (user, operator, admin); the last administrator cannot be demoted',
    tags: ['admin'],
    body: z.object({ user_id: idSchema, role: z.enum(USER_ROLES) }),
    response: z.object({ id: z.number().int(), role: z.enum(USER_ROLES) }),
  }),
};
