import type { UserRole } from '@xueba/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back from pg as strings; we keep every amount within Number.MAX_SAFE_INTEGER and convert in repositories. */
type BigIntColumn = ColumnType<string, number | bigint | string, number | bigint | string>;

export interface UsersTable {
  id: Generated<number>;
  sn: string;
  email: string | null;
  mobile: string | null;
  password_hash: string | null;
  nickname: string;
  avatar: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  failed_logins: ColumnType<number, number | undefined, number>;
  locked_until: NullableTimestamp;
  share_id: string;
  inviter_id: number | null;
  user_sn: string | null;
  channel: string | null;
  click_id: string | null;
  google_sub: string | null;
  wechat_openid: string | null;
  wechat_unionid: string | null;
  org_prompted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BalancesTable {
  user_id: number;
  asset: string;
  amount: BigIntColumn;
}

export interface LedgerTable {
  id: Generated<string>;
  user_id: number;
  asset: string;
  delta: BigIntColumn;
  balance_after: BigIntColumn;
  reason: string;
  ref_type: string;
  ref_id: string | null;
  idempotency_key: string | null;
  actor_id: number | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  terminal: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_seen_at: Timestamp;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  target: string;
  scene: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  status: 'logged' | 'sent' | 'failed';
  error: string | null;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface OrgsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  department: string;
  position: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  level: 'vip' | 'bvip';
  /** null: permanent. Expiry is read by time, never by a job. */
  expires_at: NullableTimestamp;
  /** Migration 0011: the continuous stretch this membership is in (a grant after a lapse starts the next). */
  period: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VisitsTable {
  id: Generated<string>;
  terminal: string;
  user_id: number | null;
  ip_hash: string | null;
  created_at: Timestamp;
}

export interface ShareClicksTable {
  id: Generated<string>;
  share_id: string;
  inviter_id: number;
  ip_hash: string | null;
  user_id: number | null;
  /** UTC day of the click ('YYYY-MM-DD'); unique with share_id and ip_hash (migration 0003). */
  click_day: ColumnType<Date, string, string>;
  created_at: Timestamp;
}

export interface AdClicksTable {
  id: Generated<string>;
  click_id: string;
  channel: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

export interface OauthStatesTable {
  state: string;
  provider: string;
  code_verifier: string | null;
  nonce: string | null;
  redirect: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Wrong passwords in a row per account and client address (migration 0013). */
export interface LoginFailuresTable {
  user_id: number;
  ip_key: string;
  failures: number;
  locked_until: NullableTimestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

type Json<T> = ColumnType<T, string, string>;

export interface PapersTable {
  id: Generated<number>;
  source: 'local' | 'openalex' | 'semanticscholar';
  source_id: string;
  title: string;
  abstract: ColumnType<string, string | undefined, string>;
  authors: Json<string[]>;
  venue: ColumnType<string, string | undefined, string>;
  year: number | null;
  type: string;
  doi: string | null;
  arxiv_id: string | null;
  url: string | null;
  pdf_url: string | null;
  open_access: ColumnType<boolean, boolean | undefined, boolean>;
  citation_count: ColumnType<number, number | undefined, number>;
  bibtex: string | null;
  keywords: Json<string[]>;
  pages: string | null;
  volume: string | null;
  issue: string | null;
  publisher: string | null;
  revision: ColumnType<string, never, never>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PaperReferencesTable {
  citing_id: number;
  position: number;
  raw_text: string;
  external_id: string | null;
  doi: string | null;
  arxiv_id: string | null;
  resolved_id: number | null;
}

export interface PaperFavoritesTable {
  user_id: number;
  paper_id: number;
  created_at: Timestamp;
}

export interface ImageUploadsTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  storage_key: string;
  size: number;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  balances: BalancesTable;
  ledger: LedgerTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  orgs: OrgsTable;
  memberships: MembershipsTable;
  visits: VisitsTable;
  share_clicks: ShareClicksTable;
  ad_clicks: AdClicksTable;
  oauth_states: OauthStatesTable;
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  papers: PapersTable;
  paper_references: PaperReferencesTable;
  paper_favorites: PaperFavoritesTable;
  image_uploads: ImageUploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type OutboxRow = Selectable<OutboxTable>;
