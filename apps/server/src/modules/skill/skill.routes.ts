import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { SkillService } from './skill.service.js';

export async function skillRoutes(app: FastifyInstance, skills: SkillService): Promise<void> {
  defineRoute(app, api.skillLists, { handler: ({ query, user, locale }) => skills.catalogue(user?.id ?? null, locale, query) });
  defineRoute(app, api.skillDetail, { handler: ({ query, user, locale }) => skills.detail(user?.id ?? null, query.id, locale) });
  defineRoute(app, api.skillFavorite, { handler: ({ body, requireUser }) => skills.favorite(requireUser().id, body.id, body.favorite) });
  defineRoute(app, api.adminSkillLists, { handler: () => skills.adminList() });
  defineRoute(app, api.adminSkillSave, { msg: 'saved', handler: ({ body, requireUser }) => skills.save(requireUser().id, body) });
  defineRoute(app, api.adminSkillDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await skills.delete(body.id);
      return null;
    },
  });
}
