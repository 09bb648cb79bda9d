import type { ColumnType, Generated } from 'kysely';
import type { RefundClawback } from '@xueba/contract';

/**
 * Kysely types of the commerce tables (migration 0006_commerce), merged into
 * the shared `Database` interface so the feature's tables live with it.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type BigId = ColumnType<string, never, never>;

export type Localized = { zh: string; en: string; ja: string; ko: string };
export type OrderStatus = 'created' | 'paid' | 'fulfilled' | 'closed' | 'paid_after_close' | 'refunded';

export interface PackagesTable {
  id: Generated<number>;
  type: 'member' | 'recharge';
  name: Json<Localized>;
  description: Json<Localized>;
  level: 'vip' | 'bvip' | null;
  kind: string | null;
  months: number | null;
  original_price: number;
  price: number;
  conversation_count: number;
  word_count: number;
  drawing_count: number;
  gift_conversation_count: number;
  gift_word_count: number;
  gift_drawing_count: number;
  invoice: boolean;
  benefits: Json<{ type: number; value: string }[]>;
  recommended: boolean;
  sort: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What an order or a code grants, frozen when it is sold or generated. */
export interface GrantSpec {
  package_id: number | null;
  package_name: Localized | null;
  membership: { level: 'vip' | 'bvip'; kind: string; months: number } | null;
  conversation_count: number;
  word_count: number;
  drawing_count: number;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  package_id: number;
  package_type: 'member' | 'recharge';
  snapshot: Json<GrantSpec>;
  gateway: 'sandbox' | 'wechat' | 'alipay';
  amount: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  trade_no: string | null;
  paid_amount: number | null;
  user_sn: string | null;
  channel: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  fulfilled_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  /** Migration 0008: a refund recorded by an administrator. */
  refunded_at: NullableTimestamp;
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0011: what the refund took back and what it could not; null for refunds recorded before. */
  refund_clawback: ColumnType<RefundClawback | null, string | null | undefined, string | null>;
}

export interface PaymentNotificationsTable {
  id: BigId;
  gateway: string;
  order_no: string | null;
  trade_no: string | null;
  paid_amount: number | null;
  outcome: string;
  detail: string;
  created_at: Timestamp;
}

export interface RedeemBatchesTable {
  id: Generated<number>;
  created_by: number | null;
  count: number;
  uses_per_code: number;
  one_per_user: boolean;
  expires_at: NullableTimestamp;
  grant_spec: Json<GrantSpec>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface RedeemCodesTable {
  id: Generated<number>;
  batch_id: number;
  code: string;
  uses: ColumnType<number, number | undefined, number>;
  uses_per_code: number;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RedeemUsesTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  one_per_user: boolean;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    packages: PackagesTable;
    orders: OrdersTable;
    payment_notifications: PaymentNotificationsTable;
    redeem_batches: RedeemBatchesTable;
    redeem_codes: RedeemCodesTable;
    redeem_uses: RedeemUsesTable;
  }
}
