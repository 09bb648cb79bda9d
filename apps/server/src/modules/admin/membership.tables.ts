import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type GrantSource = 'order' | 'redeem' | 'admin' | 'legacy';

/** Every membership grant and the stretch of time it added (migration 0011_refund_clawback). */
export interface MembershipGrantsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  period: number;
  level: 'vip' | 'bvip';
  /** null: the legacy block of a membership that predates the records. */
  months: number | null;
  source: GrantSource;
  /** The order number, the redeem use id or the administrator's id. */
  ref: string;
  starts_at: Timestamp;
  /** null: permanent, or absorbed by a permanent membership. */
  ends_at: NullableTimestamp;
  absorbed: ColumnType<boolean, boolean | undefined, boolean>;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    membership_grants: MembershipGrantsTable;
  }
}
