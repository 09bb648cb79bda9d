import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import { apiPrefixPath, publicOrigin } from '../../platform/http/origin.js';
import { pageOffset } from '../../platform/http/paging.js';
import type { AppContext } from '../../platform/context.js';
import type { PackagesService } from './packages.service.js';
import { presentOrder, type OrdersService } from './orders.service.js';
import type { RedeemService } from './redeem.service.js';
import type { RefundService } from './refund.service.js';
import type { PaymentGateways } from './gateways/registry.js';
import { payRoutes } from './pay.routes.js';

export interface CommerceServices {
  packages: PackagesService;
  orders: OrdersService;
  redeem: RedeemService;
  refunds: RefundService;
  gateways: PaymentGateways;
}

/** Packages, orders, redeem codes and their admin pages. */
export async function commerceRoutes(app: FastifyInstance, ctx: AppContext, { packages, orders, redeem, refunds, gateways }: CommerceServices): Promise<void> {
  const prefix = apiPrefixPath(ctx.env);

  defineRoute(app, api.memberPackages, { handler: ({ query, locale }) => packages.publicList('member', locale, query.kind) });
  defineRoute(app, api.rechargePackages, { handler: ({ locale }) => packages.publicList('recharge', locale) });
  defineRoute(app, api.packageDetail, { handler: ({ query, locale }) => packages.publicDetail(query.id, locale) });

  defineRoute(app, api.createOrder, {
    handler: ({ body, requireUser, request, locale }) => {
      const origin = publicOrigin(ctx, request);
      return orders.create(requireUser().id, body, { origin, notifyBase: `${origin}${prefix}` }, locale);
    },
  });
  defineRoute(app, api.orderPay, {
    handler: ({ body, requireUser, request, locale }) => {
      const origin = publicOrigin(ctx, request);
      return orders.resume(requireUser().id, body.order_no, { origin, notifyBase: `${origin}${prefix}` }, locale);
    },
  });
  defineRoute(app, api.orderCancel, { msg: 'order_cancelled', handler: ({ body, requireUser, locale }) => orders.cancelForUser(requireUser().id, body.order_no, locale) });
  defineRoute(app, api.orderDetail, { handler: ({ query, requireUser, locale }) => orders.detail(requireUser().id, query.order_no, locale) });
  defineRoute(app, api.orderLists, { handler: ({ query, requireUser, locale }) => orders.list(requireUser().id, query, locale) });

  defineRoute(app, api.redeemUse, { msg: 'redeem_success', handler: ({ body, requireUser, ip }) => redeem.redeem(requireUser().id, body.code, ip) });

  defineRoute(app, api.adminPackages, { handler: ({ query }) => packages.adminList(query.type) });
  defineRoute(app, api.adminPackageSave, { msg: 'saved', handler: ({ body }) => packages.save(body.id, body.package) });
  defineRoute(app, api.adminPackageSetEnabled, {
    msg: 'saved',
    handler: async ({ body }) => {
      await packages.setEnabled(body.id, body.enabled);
      return null;
    },
  });

  defineRoute(app, api.adminOrders, {
    handler: async ({ query, locale }) => {
      const now = ctx.now();
      const { rows, count } = await orders.repo.listOrders(ctx.db, { userId: query.user_id, orderNo: query.order_no, status: query.status, limit: query.page_size, offset: pageOffset(query) });
      return {
        lists: rows.map((r) => ({
          ...presentOrder(r, locale, now),
          user_id: r.user_id,
          trade_no: r.trade_no,
          paid_amount: r.paid_amount,
          user_sn: r.user_sn,
          channel: r.channel,
          refund: r.status === 'refunded' && r.refunded_at ? { reason: r.refund_reason ?? '', time: r.refunded_at.toISOString(), clawback: r.refund_clawback } : null,
        })),
        count,
        page_no: query.page_no,
        page_size: query.page_size,
      };
    },
  });
  defineRoute(app, api.adminOrderRefund, { msg: 'order_refunded', handler: ({ body, requireUser }) => refunds.refund(requireUser().id, body.order_no, body.reason) });
  defineRoute(app, api.adminOrderNotifications, {
    handler: async ({ query }) => {
      const { rows, count } = await orders.repo.notifications(ctx.db, { orderNo: query.order_no, limit: query.page_size, offset: pageOffset(query) });
      return {
        lists: rows.map((n) => ({ id: Number(n.id), gateway: n.gateway, order_no: n.order_no, trade_no: n.trade_no, paid_amount: n.paid_amount, outcome: n.outcome, detail: n.detail, create_time: n.created_at.toISOString() })),
        count,
        page_no: query.page_no,
        page_size: query.page_size,
      };
    },
  });

  defineRoute(app, api.adminRedeemBatch, { msg: 'operation_successful', handler: ({ body, requireUser }) => redeem.createBatch(requireUser().id, body) });
  defineRoute(app, api.adminRedeemBatches, { handler: ({ query }) => redeem.batches(query) });
  defineRoute(app, api.adminRedeemCodes, { handler: ({ query }) => redeem.codes(query) });
  defineRoute(app, api.adminRedeemDisable, {
    msg: 'saved',
    handler: async ({ body }) => {
      await redeem.disable(body);
      return null;
    },
  });

  await payRoutes(app, ctx, { orders, redeem, sandbox: gateways.sandbox, prefix });
}
