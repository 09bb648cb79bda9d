import crypto from 'node:crypto';
import { pageOffset } from '../../platform/http/paging.js';
import type { Locale, Order } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import { UserRepository } from '../user/user.repository.js';
import { CommerceRepository, type OrderRow } from './commerce.repository.js';
import { grantOfPackage, type Granter } from './grant.js';
import { NotificationRejected, type PayGateway, type RawHeaders, type VerifiedPayment } from './gateways/gateway.js';
import type { PaymentGateways } from './gateways/registry.js';
import { RefusedNotificationLog } from './refused-log.js';
import type { GrantSpec } from './commerce.tables.js';

export function presentOrder(row: OrderRow, locale: Locale, now: Date): Order {
  // An unpaid order past its time is closed, whether or not a write has recorded it yet.
  const status = row.status === 'created' && row.expires_at.getTime() <= now.getTime() ? 'closed' : row.status;
  return {
    order_no: row.order_no,
    package_id: row.package_id,
    package_type: row.package_type,
    package_name: row.snapshot.package_name?.[locale] ?? '',
    gateway: row.gateway,
    amount: row.amount,
    status,
    create_time: row.created_at.toISOString(),
    expire_time: row.expires_at.toISOString(),
    pay_time: row.paid_at ? row.paid_at.toISOString() : null,
    fulfil_time: row.fulfilled_at ? row.fulfilled_at.toISOString() : null,
  };
}

/** States in which the order was paid: "continue paying" and "cancel" answer "already paid". */
const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'fulfilled', 'refunded', 'paid_after_close']);

/** Outcome of one notification, as logged in payment_notifications. */
export type NotifyOutcome = 'fulfilled' | 'duplicate' | 'rejected' | 'unknown_order' | 'gateway_mismatch' | 'amount_mismatch' | 'paid_after_close' | 'error';

/**
 * Orders and their payment. A price is read from the package on the server;
 * the order freezes what it grants. Fulfilment happens once, in the same
 * transaction as the order's state change, under the order's row lock; the
 * ledger's idempotency keys (`order:<no>:<asset>`) are a second guard.
 */
export class OrdersService {
  readonly repo = new CommerceRepository();
  private readonly users = new UserRepository();
  private readonly refused: RefusedNotificationLog;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings' | 'promotion' | 'userInfo' | 'notices'>,
    readonly payments: PaymentGateways,
    private readonly granter: Granter,
  ) {
    this.refused = new RefusedNotificationLog(ctx, this.repo);
  }

  /** Whether the sandbox serves this account now: alone, or beside a real provider for admins the setting lets in (decision 0016). */
  async sandboxServes(userId: number): Promise<boolean> {
    if (!this.payments.sandbox) return false;
    const [site, user] = await Promise.all([this.deps.settings.site(), this.users.findById(this.ctx.db, userId)]);
    return this.payments.sandboxServes(user?.role ?? null, site.pay_sandbox_admins);
  }

  async create(userId: number, input: { package_id: number; kind: 'member' | 'recharge'; gateway: PayGateway }, urls: { origin: string; notifyBase: string }, locale: Locale) {
    const site = await this.deps.settings.site();
    if (input.kind === 'member' && !site.member_package_status) throw badRequest('membership_disabled');
    if (input.kind === 'recharge' && !site.recharge_package_status) throw badRequest('recharge_disabled');
    const pkg = await this.repo.findPackage(this.ctx.db, input.package_id);
    if (!pkg || !pkg.enabled || pkg.type !== input.kind) throw notFound('package_not_found');
    const user = await this.users.findById(this.ctx.db, userId);
    if (!user) throw notFound('user_not_found');
    const gateway = this.payments.map.get(input.gateway);
    if (!gateway || !this.payments.offeredTo(user.role, site.pay_sandbox_admins).includes(input.gateway)) throw badRequest('gateway_unavailable');
    const now = this.ctx.now();
    const order = await this.repo.insertOrder(this.ctx.db, {
      orderNo: newOrderNo(now),
      userId,
      packageId: pkg.id,
      packageType: pkg.type,
      snapshot: grantOfPackage(pkg),
      gateway: input.gateway,
      amount: pkg.price,
      // Attribution of the account, copied so later account changes do not rewrite history.
      userSn: user.user_sn,
      channel: user.channel,
      now,
      expiresAt: new Date(now.getTime() + this.ctx.env.ORDER_TIMEOUT_MINUTES * 60_000),
    });
    const payment = await this.startPayment(order, pkg.name[locale] || pkg.name.zh, urls, locale);
    return { ...presentOrder(order, locale, now), ...payment };
  }

  /** "Continue paying": the same unpaid order, sent to its gateway again (providers accept a repeated order number while it is unpaid). */
  async resume(userId: number, orderNo: string, urls: { origin: string; notifyBase: string }, locale: Locale) {
    const now = this.ctx.now();
    const order = await this.repo.findOrder(this.ctx.db, orderNo);
    if (!order || order.user_id !== userId) throw notFound('order_not_found');
    const status = presentOrder(order, locale, now).status;
    if (status !== 'created') throw badRequest(PAID_STATUSES.has(status) ? 'order_already_paid' : 'order_closed');
    const [site, user] = await Promise.all([this.deps.settings.site(), this.users.findById(this.ctx.db, userId)]);
    if (!this.payments.offeredTo(user?.role ?? null, site.pay_sandbox_admins).includes(order.gateway)) throw badRequest('gateway_unavailable');
    const payment = await this.startPayment(order, order.snapshot.package_name?.[locale] || order.snapshot.package_name?.zh || order.order_no, urls, locale);
    return { ...presentOrder(order, locale, now), ...payment };
  }

  private async startPayment(order: OrderRow, subject: string, urls: { origin: string; notifyBase: string }, locale: Locale) {
    const gateway = this.payments.map.get(order.gateway);
    if (!gateway) throw badRequest('gateway_unavailable');
    try {
      return await gateway.createPayment(
        { order_no: order.order_no, amount: order.amount, subject, expires_at: order.expires_at },
        { origin: urls.origin, notifyUrl: `${urls.notifyBase}/pay/notify/${order.gateway}`, returnUrl: `${urls.origin}/`, locale },
      );
    } catch (error) {
      // The order stays unpaid and closes by time; the user sees an honest 502.
      if (error instanceof AppError) throw error;
      throw new AppError('gateway_unavailable', 502);
    }
  }

  async detail(userId: number, orderNo: string, locale: Locale): Promise<Order> {
    const now = this.ctx.now();
    // Only the caller's own order is closed on the way (product-choices "Ownership checks").
    await this.repo.closeExpired(this.ctx.db, now, { orderNo, userId });
    const row = await this.repo.findOrder(this.ctx.db, orderNo);
    if (!row || row.user_id !== userId) throw notFound('order_not_found');
    return presentOrder(row, locale, now);
  }

  async list(userId: number, page: { page_no: number; page_size: number }, locale: Locale) {
    const now = this.ctx.now();
    await this.repo.closeExpired(this.ctx.db, now, { userId });
    const { rows, count } = await this.repo.listOrders(this.ctx.db, { userId, limit: page.page_size, offset: pageOffset(page) });
    return { lists: rows.map((r) => presentOrder(r, locale, now)), count, page_no: page.page_no, page_size: page.page_size };
  }

  /** Sandbox "Cancel": closes an unpaid order at once. */
  async cancel(orderNo: string): Promise<void> {
    await this.close(orderNo, null);
  }

  /** The user's "Cancel" in their order list: only their own order, only while unpaid; cancelling a closed order again changes nothing. */
  async cancelForUser(userId: number, orderNo: string, locale: Locale): Promise<Order> {
    const order = await this.close(orderNo, userId);
    const presented = presentOrder(order, locale, this.ctx.now());
    if (presented.status !== 'closed') throw badRequest(PAID_STATUSES.has(presented.status) ? 'order_already_paid' : 'order_closed');
    return presented;
  }

  /** Closes an unpaid order under its row lock (a notification applied at the same moment waits, then finds it closed). */
  private async close(orderNo: string, userId: number | null): Promise<OrderRow> {
    return transaction(this.ctx.db, async (tx) => {
      const order = await this.repo.lockOrder(tx, orderNo);
      if (!order || (userId !== null && order.user_id !== userId)) throw notFound('order_not_found');
      if (order.status !== 'created') return order;
      const closed = { status: 'closed' as const, closed_at: this.ctx.now() };
      await this.repo.setOrderState(tx, order.id, closed);
      return { ...order, ...closed };
    });
  }

  /**
   * A provider's notification: verified by its gateway, then applied to the
   * order. Every notification with a valid signature is applied and logged
   * with its outcome; refused ones (no valid signature, no such gateway) are
   * logged up to a budget per gateway and address, then answered 429
   * unlogged. Returns the reply the provider expects: failure only for what
   * a retry could fix or what we refuse to acknowledge (forged, unknown order).
   */
  async notify(gatewayName: string, headers: RawHeaders, rawBody: string, ip: string): Promise<{ outcome: NotifyOutcome; status: number; contentType: string; body: string }> {
    const gateway = this.payments.map.get(gatewayName as PayGateway);
    if (!gateway) {
      await this.refused.record('unknown', ip, `unknown gateway ${gatewayName.slice(0, 20)}`);
      return { outcome: 'rejected', status: 404, contentType: 'application/json', body: '{"code":"FAIL"}' };
    }
    let payment: VerifiedPayment;
    try {
      payment = await gateway.verifyNotification(headers, rawBody);
    } catch (error) {
      const reason = error instanceof NotificationRejected ? error.reason : 'verification error';
      const logged = await this.refused.record(gateway.name, ip, `${reason}: ${rawBody.slice(0, 300)}`);
      return { outcome: 'rejected', ...gateway.ack(false), ...(logged ? {} : { status: 429 }) };
    }
    if (gateway.name === 'sandbox') {
      // Signed by this server, but the sandbox may no longer serve the order's account (a real provider or the setting changed).
      const order = await this.repo.findOrder(this.ctx.db, payment.order_no);
      if (order && !(await this.sandboxServes(order.user_id))) {
        await this.repo.logNotification(this.ctx.db, { gateway: 'sandbox', orderNo: payment.order_no, tradeNo: payment.trade_no, paidAmount: payment.paid_amount, outcome: 'rejected', detail: 'the sandbox does not serve this account', now: this.ctx.now() });
        return { outcome: 'rejected', ...gateway.ack(false) };
      }
    }
    let outcome: NotifyOutcome;
    try {
      outcome = await this.applyPayment(gateway.name, payment);
    } catch (error) {
      outcome = 'error';
      await this.repo.logNotification(this.ctx.db, {
        gateway: gateway.name,
        orderNo: payment.order_no,
        tradeNo: payment.trade_no,
        paidAmount: payment.paid_amount,
        outcome,
        detail: error instanceof Error ? error.message : 'error',
        now: this.ctx.now(),
      });
    }
    // A verified notification that cannot ever be fulfilled (wrong amount, paid after close) is
    // acknowledged so the provider stops retrying; it is logged for a refund by hand.
    const ok = outcome !== 'error' && outcome !== 'unknown_order' && outcome !== 'gateway_mismatch';
    return { outcome, ...gateway.ack(ok) };
  }

  private async applyPayment(gatewayName: PayGateway, payment: VerifiedPayment): Promise<NotifyOutcome> {
    return transaction(this.ctx.db, async (tx, afterCommit) => {
      const now = this.ctx.now();
      const log = async (outcome: NotifyOutcome, detail = '') => {
        await this.repo.logNotification(tx, { gateway: gatewayName, orderNo: payment.order_no, tradeNo: payment.trade_no, paidAmount: payment.paid_amount, outcome, detail, now });
        return outcome;
      };
      const order = await this.repo.lockOrder(tx, payment.order_no);
      if (!order) return log('unknown_order');
      if (order.gateway !== gatewayName) return log('gateway_mismatch', `order gateway ${order.gateway}`);
      if (order.status !== 'created' && order.status !== 'closed') {
        return log('duplicate', order.trade_no === payment.trade_no ? `already ${order.status}` : `already ${order.status} by trade ${order.trade_no ?? ''}: refund by hand`);
      }
      if (payment.paid_amount !== order.amount) return log('amount_mismatch', `order ${order.amount}, paid ${payment.paid_amount}`);
      if (order.status === 'closed' || order.expires_at.getTime() <= now.getTime()) {
        await this.repo.setOrderState(tx, order.id, { status: 'paid_after_close', trade_no: payment.trade_no, paid_amount: payment.paid_amount, paid_at: now, closed_at: order.closed_at ?? now });
        return log('paid_after_close', 'not fulfilled: refund by hand');
      }
      await this.granter.applyInTx(tx, order.user_id, order.snapshot, { reason: 'order', refType: 'order', refId: order.order_no, keyPrefix: `order:${order.order_no}`, membership: { source: 'order', ref: order.order_no } });
      await this.repo.setOrderState(tx, order.id, { status: 'fulfilled', trade_no: payment.trade_no, paid_amount: payment.paid_amount, paid_at: now, fulfilled_at: now });
      // Same transaction as the fulfilment: the promoter's commission (once per order) and an invitation reward waiting for a payment.
      await this.deps.promotion.distribution.onFulfilledInTx(tx, order);
      await this.deps.promotion.invitations.onPaidInTx(tx, afterCommit, order.user_id);
      afterCommit(() => this.deps.userInfo.invalidate(order.user_id));
      await this.deps.notices.notify({ userId: order.user_id, kind: 'order_paid', params: orderNoticeParams(order), link: '/user/orders' }, tx);
      return log('fulfilled');
    });
  }
}

/** The paid order as its notice shows it: number, the package's name in each language, the amount in yuan. */
function orderNoticeParams(order: { order_no: string; amount: number; snapshot: GrantSpec }): Record<string, string> {
  const name = order.snapshot.package_name;
  const names: Record<string, string> = name ? Object.fromEntries(Object.entries(name).map(([locale, text]) => [`item:${locale}`, String(text)])) : {};
  return { order: order.order_no, amount: (order.amount / 100).toFixed(2), item: name?.zh ?? '', ...names };
}

/** XB + UTC timestamp + 10 random digits: sortable, unguessable enough for a checkout link that is also signed. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `XB${stamp}${crypto.randomInt(0, 10 ** 10).toString().padStart(10, '0')}`;
}

export function randomTradeNo(): string {
  return crypto.randomBytes(8).toString('hex');
}
