import type { ColumnType, Generated } from 'kysely';
import type { Reward, TaskKind } from '@xueba/contract';

/**
 * Kysely types of the tasks and promotion tables (migration 0008_promotion),
 * merged into the shared `Database` interface.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type Localized = { zh: string; en: string; ja: string; ko: string };

export type InviteUnlock = 'signup' | 'first_use' | 'first_payment';
export type CommissionStatus = 'pending' | 'settled' | 'cancelled';
export type WithdrawStatus = 'pending' | 'approved' | 'rejected' | 'paid';

export interface TasksTable {
  id: Generated<number>;
  kind: TaskKind;
  name: Json<Localized>;
  description: Json<Localized>;
  daily_limit: number;
  reward: Json<Reward>;
  sort: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TaskProgressTable {
  task_id: number;
  user_id: number;
  /** Calendar day in UTC+8, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  done: number;
  updated_at: Timestamp;
}

export interface InviteRewardsTable {
  invitee_id: number;
  inviter_id: number;
  unlock: InviteUnlock;
  inviter_reward: Json<Reward>;
  invitee_reward: Json<Reward>;
  status: ColumnType<'pending' | 'granted', 'pending' | 'granted' | undefined, 'pending' | 'granted'>;
  created_at: Timestamp;
  granted_at: NullableTimestamp;
}

export interface CommissionsTable {
  id: Generated<number>;
  order_id: number;
  order_no: string;
  promoter_id: number;
  invitee_id: number;
  order_amount: number;
  commission_bp: number;
  amount: number;
  status: ColumnType<CommissionStatus, CommissionStatus | undefined, CommissionStatus>;
  settle_at: Timestamp;
  settled_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  method: 'alipay' | 'wechat' | 'bank';
  name: string;
  account: string;
  status: ColumnType<WithdrawStatus, WithdrawStatus | undefined, WithdrawStatus>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
  paid_at: NullableTimestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    tasks: TasksTable;
    task_progress: TaskProgressTable;
    invite_rewards: InviteRewardsTable;
    commissions: CommissionsTable;
    withdrawals: WithdrawalsTable;
  }
}
