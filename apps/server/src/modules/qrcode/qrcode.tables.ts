import type { ColumnType, Generated } from 'kysely';
import type { QrContentType, QrEcLevel, QrLook, QrMode, QrVerified } from '@xueba/contract';

/**
 * Kysely types of the QR tables (migration 0018_qrcode), merged into the
 * shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface QrCodesTable {
  id: Generated<number>;
  /** null: a visitor's styled code (no history). */
  user_id: number | null;
  mode: QrMode;
  type: QrContentType;
  /** The type's fields as entered. */
  data: Json<Record<string, unknown>>;
  /** The encoded text a scanner reads. */
  content: string;
  look: NullableJson<QrLook>;
  ec_level: QrEcLevel;
  version: number | null;
  size: number;
  png_key: string | null;
  svg_key: string | null;
  thumb_key: string | null;
  verified: NullableJson<QrVerified>;
  /** ai: the drawing job (`draw_jobs.kind = 'qrcode'`). */
  draw_job_id: number | null;
  template_id: number | null;
  created_at: Timestamp;
}

export interface QrTemplatesTable {
  id: Generated<number>;
  kind: 'style' | 'prompt';
  names: Json<{ zh: string; en: string; ja: string; ko: string }>;
  config: Json<Record<string, unknown>>;
  thumb_key: string | null;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    qr_codes: QrCodesTable;
    qr_templates: QrTemplatesTable;
  }
}
