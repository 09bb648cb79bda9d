import { sql, type Selectable } from 'kysely';
import type { PackageInput, RefundClawback } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { deleteOlderThan } from '../../platform/db/prune.repository.js';
import type { OrdersTable, OrderStatus, PackagesTable, PaymentNotificationsTable, GrantSpec } from './commerce.tables.js';

export type OrderRow = Selectable<OrdersTable>;
export type NotificationRow = Selectable<PaymentNotificationsTable>;

function packageValues(input: PackageInput, now: Date) {
  return {
    type: input.type,
    name: JSON.stringify(input.name),
    description: JSON.stringify(input.description),
    level: input.type === 'member' ? input.level : null,
    kind: input.type === 'member' ? input.kind : null,
    months: input.type === 'member' ? input.months : null,
    original_price: input.original_price,
    price: input.price,
    conversation_count: input.conversation_count,
    word_count: input.word_count,
    drawing_count: input.drawing_count,
    gift_conversation_count: input.gift_conversation_count,
    gift_word_count: input.gift_word_count,
    gift_drawing_count: input.gift_drawing_count,
    invoice: input.invoice,
    benefits: JSON.stringify(input.benefits),
    recommended: input.recommended,
    sort: input.sort,
    enabled: input.enabled,
    updated_at: now,
  };
}

/** All SQL of packages, orders and the payment-notification log. */
export class CommerceRepository {
  listPackages(db: Db, type: 'member' | 'recharge', onlyEnabled: boolean): Promise<Selectable<PackagesTable>[]> {
    let query = db.selectFrom('packages').selectAll().where('type', '=', type);
    if (onlyEnabled) query = query.where('enabled', '=', true);
    return query.orderBy('sort').orderBy('id').execute();
  }

  findPackage(db: Db | Tx, id: number): Promise<Selectable<PackagesTable> | undefined> {
    return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertPackage(db: Db, input: PackageInput, now: Date) {
    return db.insertInto('packages').values({ ...packageValues(input, now), created_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  updatePackage(db: Db, id: number, input: PackageInput, now: Date) {
    return db.updateTable('packages').set(packageValues(input, now)).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async setPackageEnabled(db: Db, id: number, enabled: boolean, now: Date): Promise<boolean> {
    const result = await db.updateTable('packages').set({ enabled, updated_at: now }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  insertOrder(
    db: Db,
    o: { orderNo: string; userId: number; packageId: number; packageType: 'member' | 'recharge'; snapshot: GrantSpec; gateway: 'sandbox' | 'wechat' | 'alipay'; amount: number; userSn: string | null; channel: string | null; now: Date; expiresAt: Date },
  ): Promise<OrderRow> {
    return db
      .insertInto('orders')
      .values({
        order_no: o.orderNo,
        user_id: o.userId,
        package_id: o.packageId,
        package_type: o.packageType,
        snapshot: JSON.stringify(o.snapshot),
        gateway: o.gateway,
        amount: o.amount,
        user_sn: o.userSn,
        channel: o.channel,
        created_at: o.now,
        expires_at: o.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findOrder(db: Db | Tx, orderNo: string): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  /** The order locked until the transaction ends: every state change goes through this. */
  lockOrder(tx: Tx, orderNo: string): Promise<OrderRow | undefined> {
    return tx.selectFrom('orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
  }

  /** Closes unpaid orders past their time (read paths call this so closing never depends on a job). */
  async closeExpired(db: Db | Tx, now: Date, filter: { userId?: number; orderNo?: string } = {}): Promise<void> {
    let query = db.updateTable('orders').set({ status: 'closed', closed_at: now }).where('status', '=', 'created').where('expires_at', '<=', now);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.orderNo !== undefined) query = query.where('order_no', '=', filter.orderNo);
    await query.execute();
  }

  async setOrderState(
    tx: Tx,
    id: number,
    patch: { status: OrderStatus; trade_no?: string | null; paid_amount?: number | null; paid_at?: Date; fulfilled_at?: Date; closed_at?: Date },
  ): Promise<void> {
    await tx.updateTable('orders').set(patch).where('id', '=', id).execute();
  }

  /** The refund mark and its clawback, written once: only a fulfilled order becomes refunded. */
  async markRefunded(tx: Tx, orderId: number, refund: { reason: string; clawback: RefundClawback; now: Date }): Promise<void> {
    await tx
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: refund.now, refund_reason: refund.reason, refund_clawback: JSON.stringify(refund.clawback) })
      .where('id', '=', orderId)
      .where('status', '=', 'fulfilled')
      .execute();
  }

  async listOrders(db: Db, f: { userId?: number; orderNo?: string; status?: OrderStatus; limit: number; offset: number }): Promise<{ rows: OrderRow[]; count: number }> {
    let query = db.selectFrom('orders');
    if (f.userId !== undefined) query = query.where('user_id', '=', f.userId);
    if (f.orderNo) query = query.where('order_no', '=', f.orderNo);
    if (f.status) query = query.where('status', '=', f.status);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  async logNotification(db: Db | Tx, n: { gateway: string; orderNo: string | null; tradeNo: string | null; paidAmount: number | null; outcome: string; detail: string; now: Date }): Promise<void> {
    await db
      .insertInto('payment_notifications')
      .values({ gateway: n.gateway, order_no: n.orderNo, trade_no: n.tradeNo, paid_amount: n.paidAmount, outcome: n.outcome, detail: n.detail.slice(0, 1000), created_at: n.now })
      .execute();
  }

  /** Notification log rows older than the retention period (docs/product-choices.md, "Retention"). */
  pruneNotifications(db: Db, before: Date): Promise<number> {
    return deleteOlderThan(db, 'payment_notifications', ['id'], 'created_at', before);
  }

  async notifications(db: Db, f: { orderNo?: string; limit: number; offset: number }): Promise<{ rows: NotificationRow[]; count: number }> {
    let query = db.selectFrom('payment_notifications');
    if (f.orderNo) query = query.where('order_no', '=', f.orderNo);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** Counts per outcome for one order (tests and the admin detail). */
  async outcomes(db: Db, orderNo: string): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('payment_notifications')
      .select(['outcome', sql<string>`count(*)`.as('n')])
      .where('order_no', '=', orderNo)
      .groupBy('outcome')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
  }
}
