import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMessage } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { readToken } from '../../platform/http/route.js';
import { requestLocale } from '../../platform/http/locale.js';
import type { OrdersService } from './orders.service.js';
import type { RedeemService } from './redeem.service.js';
import type { SandboxGateway } from './gateways/sandbox.js';
import { centsToYuan, type RawHeaders } from './gateways/gateway.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1f2937}' +
        '.card{border:1px solid #e5e7eb;border-radius:12px;padding:24px}.amount{font-size:32px;font-weight:600;margin:12px 0}' +
        'button{font-size:16px;padding:10px 20px;border-radius:8px;border:0;margin-right:8px;cursor:pointer}.pay{background:#16a34a;color:#fff}.cancel{background:#e5e7eb}</style>' +
        `</head><body><div class="card">${body}</div></body></html>`,
    );
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
      const result = await orders.notify(request.params.gateway, request.headers as RawHeaders, rawBody);
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
      const locale = requestLocale(request);
      if (!sandbox) throw notFound();
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const orderNo = form.get('order_no') ?? '';
      if (!sandbox.checkoutSignatureValid(orderNo, form.get('sig') ?? '')) throw forbidden();
      const order = await orders.repo.findOrder(ctx.db, orderNo);
      if (!order) throw notFound('order_not_found');
      if (form.get('action') === 'cancel') {
        await orders.cancel(orderNo);
        return page(reply, 200, 'Sandbox', `<p>${escapeHtml(formatMessage('order_closed', locale))}</p>`);
      }
      if (order.status !== 'created' || order.expires_at.getTime() <= ctx.now().getTime()) {
        const key = order.status === 'fulfilled' || order.status === 'paid' ? 'order_already_paid' : 'order_closed';
        return page(reply, 409, 'Sandbox', `<p>${escapeHtml(formatMessage(key, locale))}</p>`);
      }
      const notification = sandbox.signNotification({ order_no: order.order_no, paid_amount: order.amount, trade_no: sandbox.newTradeNo() });
      const timer = setTimeout(() => {
        timers.delete(timer);
        app
          .inject({ method: 'POST', url: `${prefix}/pay/notify/sandbox`, headers: notification.headers, payload: notification.body })
          .catch((error: unknown) => request.log.error({ err: error }, 'sandbox notification failed'));
      }, ctx.env.PAY_SANDBOX_DELAY_MS);
      timers.add(timer);
      return page(reply, 200, 'Sandbox', `<p>${escapeHtml(formatMessage('payment_effect_note', locale))}</p>`);
    });
  });

  app.get<{ Querystring: { order_no?: string; sig?: string } }>('/pay/sandbox/checkout', { schema: { hide: true } }, async (request, reply) => {
    if (!sandbox) throw notFound();
    const orderNo = String(request.query.order_no ?? '').slice(0, 64);
    const sig = String(request.query.sig ?? '');
    if (!sandbox.checkoutSignatureValid(orderNo, sig)) throw forbidden();
    const order = await orders.repo.findOrder(ctx.db, orderNo);
    if (!order) throw notFound('order_not_found');
    const locale = requestLocale(request);
    const name = order.snapshot.package_name?.[locale] || order.snapshot.package_name?.zh || '';
    const open = order.status === 'created' && order.expires_at.getTime() > ctx.now().getTime();
    const form = open
      ? `<form method="post" action="${escapeHtml(`${prefix}/pay/sandbox/submit`)}">` +
        `<input type="hidden" name="order_no" value="${escapeHtml(orderNo)}"><input type="hidden" name="sig" value="${escapeHtml(sig)}">` +
        '<button class="pay" name="action" value="pay">Pay</button><button class="cancel" name="action" value="cancel">Cancel</button></form>'
      : `<p>${escapeHtml(formatMessage(order.status === 'fulfilled' ? 'order_already_paid' : 'order_closed', locale))}</p>`;
    return page(
      reply,
      200,
      'Sandbox checkout',
      `<h1>Sandbox checkout</h1><p>${escapeHtml(name)}</p><p>${escapeHtml(order.order_no)}</p><div class="amount">¥${escapeHtml(centsToYuan(order.amount))}</div>${form}`,
    );
  });

  app.get<{ Querystring: { batch_id?: string } }>('/admin/redeem/export', { schema: { hide: true } }, async (request: FastifyRequest<{ Querystring: { batch_id?: string } }>, reply) => {
    const token = readToken(request);
    const user = token ? await app.sessions.authenticate(token) : null;
    if (!user) throw unauthorized(token ? 'login_expired' : 'login_required');
    if (user.role !== 'admin') throw forbidden();
    const batchId = Number(request.query.batch_id);
    if (!Number.isSafeInteger(batchId) || batchId <= 0 || batchId > 2 ** 31 - 1) throw notFound();
    const csv = await redeem.exportCsv(batchId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="redeem-batch-${batchId}.csv"`)
      .send(csv);
  });
}
