import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { DrawAdminService } from './draw-admin.service.js';
import type { DrawSuggest } from './draw-suggest.js';
import type { DrawService } from './draw.service.js';

export interface DrawRouteServices {
  draw: DrawService;
  admin: DrawAdminService;
  suggest: DrawSuggest;
}

/** Drawing for users and Admin → Drawing. Routes only route. */
export async function drawRoutes(app: FastifyInstance, { draw, admin, suggest }: DrawRouteServices): Promise<void> {
  defineRoute(app, api.drawOptions, { handler: ({ user, locale }) => draw.options(user?.id ?? null, locale) });
  defineRoute(app, api.drawSubmit, { handler: ({ requireUser, body }) => draw.submit(requireUser().id, body) });
  defineRoute(app, api.drawDetail, { handler: ({ requireUser, query, locale }) => draw.detail(requireUser().id, query.id, locale) });
  defineRoute(app, api.drawRecords, { handler: ({ requireUser, query, locale }) => draw.records(requireUser().id, query, locale) });
  defineRoute(app, api.drawCancel, { msg: 'draw_cancelled', handler: ({ requireUser, body, locale }) => draw.cancel(requireUser().id, body.id, locale) });
  defineRoute(app, api.drawSelect, { handler: ({ requireUser, body }) => draw.select(requireUser().id, body.image_id, body.selected) });
  defineRoute(app, api.drawDelete, {
    msg: 'operation_successful',
    handler: async ({ requireUser, body }) => {
      await draw.delete(requireUser().id, body.id);
      return null;
    },
  });
  defineRoute(app, api.drawSuggest, { handler: ({ requireUser, body, locale }) => (requireUser(), suggest.suggest(body, locale)) });

  defineRoute(app, api.adminDrawChannels, { handler: () => admin.list() });
  defineRoute(app, api.adminDrawChannelSave, { msg: 'saved', handler: ({ body }) => admin.save(body) });
  defineRoute(app, api.adminDrawChannelDelete, {
    msg: 'operation_successful',
    handler: async ({ body }) => {
      await admin.delete(body.id);
      return null;
    },
  });
  defineRoute(app, api.adminDrawChannelToggle, { msg: 'saved', handler: ({ body }) => admin.toggle(body) });
  defineRoute(app, api.adminDrawChannelTest, { handler: ({ body }) => admin.test(body) });
  defineRoute(app, api.adminDrawSettingsSave, { msg: 'saved', handler: ({ body }) => admin.saveSettings(body) });
}
