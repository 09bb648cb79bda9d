import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage, isLocale, type Locale } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { defineRawRoute } from '../../platform/http/auth.js';
import { requestLocale } from '../../platform/http/locale.js';
import type { OrdersService } from './orders.service.js';
import type { RedeemService } from './redeem.service.js';
import type { SandboxGateway } from './gateways/sandbox.js';
import { centsToYuan, type RawHeaders } from './gateways/gateway.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** The sandbox pages speak the order's language (`lang`, set when the order was placed), else the request's. */
function pageLocale(request: FastifyRequest, lang: string | null | undefined): Locale {
  return isLocale(lang) ? lang : requestLocale(request);
}

function page(reply: FastifyReply, status: number, locale: Locale, body: string) {
  const title = formatMessage('sandbox_checkout_title', locale);
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1f2937}' +
        '.card{border:1px solid #e5e7eb;border-radius:12px;padding:24px}.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:12px;font-weight:600}.amount{font-size:32px;font-weight:600;margin:12px 0}' +
        'button{font-size:16px;padding:10px 20px;border-radius:8px;border:0;margin-right:8px;cursor:pointer}.pay{background:#16a34a;color:#fff}.cancel{background:#e5e7eb}</style>' +
        `</head><body><div class="card">${body}</div></body></html>`,
    );
}

/** Every sandbox page says first that no money moves. */
function notice(locale: Locale): string {
  return `<p class="notice" role="alert" data-testid="sandbox-notice">${escapeHtml(formatMessage('sandbox_checkout_notice', locale))}</p>`;
}

function message(reply: FastifyReply, status: number, locale: Locale, key: 'gateway_unavailable' | 'order_closed' | 'order_already_paid' | 'sandbox_submitted') {
  return page(reply, status, locale, `<h1>${escapeHtml(formatMessage('sandbox_checkout_title', locale))}</h1>${notice(locale)}<p>${escapeHtml(formatMessage(key, locale))}</p>`);
}

/**
 * Routes that are not JSON envelopes: provider notifications (signed over
 * the exact raw body, so this scope keeps bodies as strings), the sandbox's
 * hosted checkout, and the CSV export of a redeem batch.
 */
export async function payRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { orders: OrdersService; redeem: RedeemService; sandbox: SandboxGateway | null; prefix: string },
): Promise<void> {
  const { orders, redeem, sandbox, prefix } = deps;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

    raw.post<{ Params: { gateway: string } }>('/pay/notify/:gateway', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const result = await orders.notify(request.params.gateway, request.headers as RawHeaders, rawBody, request.ip);
      if (result.outcome === 'rejected' || result.outcome === 'error') request.log.warn({ gateway: request.params.gateway, outcome: result.outcome }, 'payment notification not applied');
      return reply.status(result.status).header('content-type', result.contentType).send(result.body);
    });

    /**
     * The sandbox "Pay" button: after PAY_SANDBOX_DELAY_MS the sandbox sends its
     * signed notification to this app's notify endpoint in-process (app.inject),
     * so it passes through the very route, parser and verification a real
     * provider's HTTP call would, without needing the app to reach its own URL.
     */
    raw.post('/pay/sandbox/submit', { schema: { hide: true } }, async (request, reply) => {
      if (!sandbox) throw notFound();
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const locale = pageLocale(request, form.get('lang'));
      const orderNo = form.get('order_no') ?? '';
      if (!sandbox.checkoutSignatureValid(orderNo, form.get('sig') ?? '')) throw forbidden();
      const order = await orders.repo.findOrder(ctx.db, orderNo);
      if (!order) throw notFound('order_not_found');
      if (!(await orders.sandboxServes(order.user_id))) return message(reply, 403, locale, 'gateway_unavailable');
      if (form.get('action') === 'cancel') {
        await orders.cancel(orderNo);
        return message(reply, 200, locale, 'order_closed');
      }
      if (order.status !== 'created' || order.expires_at.getTime() <= ctx.now().getTime()) {
        return message(reply, 409, locale, order.status === 'fulfilled' || order.status === 'paid' ? 'order_already_paid' : 'order_closed');
      }
      const notification = sandbox.signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: sandbox.newTradeNo() });
      const timer = setTimeout(() => {
        timers.delete(timer);
        app
          .inject({ method: 'POST', url: `${prefix}/pay/notify/sandbox`, headers: notification.headers, payload: notification.body })
          .catch((error: unknown) => request.log.error({ err: error }, 'sandbox notification failed'));
      }, ctx.env.PAY_SANDBOX_DELAY_MS);
      timers.add(timer);
      return message(reply, 200, locale, 'sandbox_submitted');
    });
  });

  app.get<{ Querystring: { order_no?: string; sig?: string; lang?: string } }>('/pay/sandbox/checkout', { schema: { hide: true } }, async (request, reply) => {
    if (!sandbox) throw notFound();
    const orderNo = String(request.query.order_no ?? '').slice(0, 64);
    const sig = String(request.query.sig ?? '');
    if (!sandbox.checkoutSignatureValid(orderNo, sig)) throw forbidden();
    const order = await orders.repo.findOrder(ctx.db, orderNo);
    if (!order) throw notFound('order_not_found');
    const locale = pageLocale(request, request.query.lang);
    if (!(await orders.sandboxServes(order.user_id))) return message(reply, 403, locale, 'gateway_unavailable');
    const name = order.snapshot.package_name?.[locale] || order.snapshot.package_name?.zh || '';
    const open = order.status === 'created' && order.expires_at.getTime() > ctx.now().getTime();
    const hidden = (field: string, value: string) => `<input type="hidden" name="${field}" value="${escapeHtml(value)}">`;
    const button = (action: string, key: 'sandbox_pay' | 'sandbox_cancel') => `<button class="${action}" name="action" value="${action}">${escapeHtml(formatMessage(key, locale))}</button>`;
    const form = open
      ? `<form method="post" action="${escapeHtml(`${prefix}/pay/sandbox/submit`)}">${hidden('order_no', orderNo)}${hidden('sig', sig)}${hidden('lang', locale)}${button('pay', 'sandbox_pay')}${button('cancel', 'sandbox_cancel')}</form>`
      : `<p>${escapeHtml(formatMessage(order.status === 'fulfilled' ? 'order_already_paid' : 'order_closed', locale))}</p>`;
    return page(
      reply,
      200,
      locale,
      `<h1>${escapeHtml(formatMessage('sandbox_checkout_title', locale))}</h1>${notice(locale)}<p>${escapeHtml(name)}</p><p>${escapeHtml(order.order_no)}</p>` +
        `<div class="amount">¥${escapeHtml(centsToYuan(order.amount))}</div>${form}`,
    );
  });

  defineRawRoute<{ batch_id?: string }>(app, {
    method: 'GET',
    url: '/admin/redeem/export',
    auth: 'admin',
    schema: { hide: true },
    handler: async ({ request, reply }) => {
      const batchId = Number(request.query.batch_id);
      if (!Number.isSafeInteger(batchId) || batchId <= 0 || batchId > 2 ** 31 - 1) throw notFound();
      const csv = await redeem.exportCsv(batchId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="redeem-batch-${batchId}.csv"`)
        .send(csv);
    },
  });
}
