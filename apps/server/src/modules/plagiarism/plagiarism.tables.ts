import type { ColumnType, Generated } from 'kysely';
import type { PlagiarismReport, PlagiarismScope, PlagiarismSettings, PlagiarismStatus } from '@xueba/contract';

/**
 * Kysely types of the plagiarism tables (migration 0025_plagiarism), merged
 * into the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface PlagiarismChecksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  filename: string | null;
  text: string;
  /** SHA-256 of the normalised text. */
  text_hash: string;
  chars: number;
  scope: Json<PlagiarismScope>;
  status: PlagiarismStatus;
  progress: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  charged: ColumnType<number, number | undefined, number>;
  /** Characters counted against the membership's monthly allowance (0 when paid). */
  included_chars: ColumnType<number, number | undefined, number>;
  refunded: ColumnType<boolean, boolean | undefined, boolean>;
  total_ratio: number | null;
  report: NullableJson<PlagiarismReport>;
  error: string | null;
  client_key: string | null;
  share_hash: string | null;
  shared_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Date | null;
}

export interface PlagiarismSettingsTable {
  id: number;
  value: Json<PlagiarismSettings>;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    plagiarism_checks: PlagiarismChecksTable;
    plagiarism_settings: PlagiarismSettingsTable;
  }
}
