import type { FastifyInstance } from 'fastify';
import { api, PROMOTION_POSTER_PATH, shareIdSchema } from '@xueba/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { defineRoute } from '../../platform/http/route.js';
import { publicOrigin } from '../../platform/http/origin.js';
import { requestLocale } from '../../platform/http/locale.js';
import { ShareRepository } from '../share/share.repository.js';
import { presentCommission } from './distribution.service.js';
import { posterSvg } from './poster.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Promotion } from './promotion.js';

/** Invitation and distribution settings, promoter pages, withdrawals and their admin pages. */
export async function promotionRoutes(app: FastifyInstance, ctx: AppContext, promotion: Promotion, siteSettings: SettingsService): Promise<void> {
  const { settings, distribution, withdrawals } = promotion;
  const share = new ShareRepository();

  defineRoute(app, api.promotionSummary, {
    handler: async ({ requireUser, request }) => {
      const user = requireUser();
      const shareId = (await share.shareIdOf(ctx.db, user.id)) ?? '';
      const summary = await distribution.summary(user.id);
      return { ...summary, share_id: shareId, link: `${publicOrigin(ctx, request)}/?share_id=${encodeURIComponent(shareId)}` };
    },
  });
  defineRoute(app, api.promotionInvitees, { handler: ({ requireUser, query }) => distribution.invitees(requireUser().id, query) });
  defineRoute(app, api.promotionOrders, {
    handler: async ({ requireUser, query }) => {
      const { rows, ...page } = await distribution.commissions({ promoterId: requireUser().id, ...query });
      return { lists: rows.map(presentCommission), ...page };
    },
  });
  defineRoute(app, api.withdrawApply, { msg: 'withdraw_submitted', handler: ({ requireUser, body }) => withdrawals.apply(requireUser().id, body) });
  defineRoute(app, api.withdrawLists, { handler: ({ requireUser, query }) => withdrawals.list(requireUser().id, query) });

  defineRoute(app, api.adminPromotionSettings, { handler: () => settings.get() });
  defineRoute(app, api.adminPromotionSettingsSave, { msg: 'saved', handler: ({ body }) => settings.save(body) });
  defineRoute(app, api.adminCommissions, {
    handler: async ({ query }) => {
      const { rows, ...page } = await distribution.commissions({ promoterId: query.promoter_id, status: query.status, page_no: query.page_no, page_size: query.page_size });
      return { lists: rows.map((r) => ({ ...presentCommission(r), promoter_id: r.promoter_id, invitee_id: r.invitee_id })), ...page };
    },
  });
  defineRoute(app, api.adminWithdrawals, { handler: ({ query }) => withdrawals.adminList(query) });
  defineRoute(app, api.adminWithdrawApprove, { msg: 'operation_successful', handler: ({ body, requireUser }) => withdrawals.approve(body.id, requireUser().id) });
  defineRoute(app, api.adminWithdrawReject, { msg: 'operation_successful', handler: ({ body, requireUser }) => withdrawals.reject(body.id, requireUser().id, body.reason) });
  defineRoute(app, api.adminWithdrawPaid, { msg: 'operation_successful', handler: ({ body, requireUser }) => withdrawals.paid(body.id, requireUser().id) });

  // The poster is an image, not an envelope. Public: it shows only the public invitation link.
  app.get(PROMOTION_POSTER_PATH, { schema: { summary: "A promoter's poster (SVG) with the invitation QR code", tags: ['promotion'], querystring: z.object({ share_id: shareIdSchema }) } }, async (request, reply) => {
    const { share_id: shareId } = request.query as { share_id: string };
    const owner = await distribution.repo.posterOwner(ctx.db, shareId);
    if (!owner) throw notFound('share_invalid');
    const site = await siteSettings.site();
    const svg = posterSvg({ link: `${publicOrigin(ctx, request)}/?share_id=${encodeURIComponent(shareId)}`, nickname: owner.nickname, siteName: site.website.name, locale: requestLocale(request) });
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'private, max-age=300').send(svg);
  });

}
