import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import { publicOrigin } from '../../platform/http/origin.js';
import type { AppContext } from '../../platform/context.js';
import type { ShareService } from './share.service.js';

export async function shareRoutes(app: FastifyInstance, ctx: AppContext, share: ShareService): Promise<void> {

  defineRoute(app, api.invite, {
    handler: ({ requireUser, request }) => share.invite(requireUser().id, publicOrigin(ctx, request)),
  });

  defineRoute(app, api.click, {
    handler: async ({ body, user, ip }) => {
      await share.click(body.share_id, ip, user?.id ?? null);
      return null;
    },
  });

  defineRoute(app, api.bind, {
    handler: ({ body, requireUser }) => share.bind(requireUser().id, body.share_id, body.user_sn ?? null),
  });

  defineRoute(app, api.bindClickId, {
    handler: async ({ body, user, ip }) => {
      await share.bindClickId(body.click_id, body.channel?.trim() || null, user?.id ?? null, ip);
      return null;
    },
  });
}
