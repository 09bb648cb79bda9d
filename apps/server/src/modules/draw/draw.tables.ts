import type { ColumnType, Generated } from 'kysely';
import type { DrawFamily, DrawGeneration, DrawOffer, DrawStatus, SquareStatus } from '@xueba/contract';

/**
 * Kysely types of the drawing and square tables (migration 0017_draw), merged
 * into the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint: pg returns it as a string. */
type NullableBigint = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface DrawChannelsTable {
  id: Generated<number>;
  family: DrawFamily;
  name: string;
  base_url: string;
  api_key_sealed: string | null;
  secret_sealed: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  concurrency: ColumnType<number, number | undefined, number>;
  timeout_seconds: ColumnType<number, number | undefined, number>;
  offers: Json<DrawOffer[]>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Parameters of a job that only some families take, and the reference picture. */
export interface DrawJobParams {
  sampler?: string | null;
  steps?: number | null;
  cfg_scale?: number | null;
  denoising_strength?: number | null;
  /** Storage key of the img2img reference picture. */
  reference_key?: string | null;
  /** sd: `alwayson_scripts` sent as given (ControlNet units of AI art QR codes). */
  always_on_scripts?: Record<string, unknown> | null;
  /** Requested seed (-1: random). */
  seed?: number | null;
  /** A kind that draws in several attempts (see draw-kinds.ts): the 1-based attempt running (or last run) and how many there may be. */
  attempt?: number;
  attempts?: number;
  /** What the kind's plan needs to build its requests (an AI art code: its content and ControlNet settings). */
  kind_params?: Record<string, unknown> | null;
}

export interface DrawJobsTable {
  id: Generated<number>;
  user_id: number;
  /** 'draw', or another feature that draws through the same queue (AI art QR codes). */
  kind: ColumnType<string, string | undefined, string>;
  status: DrawStatus;
  family: DrawFamily;
  /** `db:<id>` or `env:<family>`: also the job's slot key in `jobs`. */
  channel_key: string;
  model: string;
  generation: DrawGeneration;
  prompt: string;
  negative_prompt: ColumnType<string, string | undefined, string>;
  size: string;
  style: string | null;
  quality: string | null;
  background: string | null;
  n: number;
  params: Json<DrawJobParams>;
  cost: number;
  refunded: ColumnType<boolean, boolean | undefined, boolean>;
  progress: ColumnType<number, number | undefined, number>;
  provider_queue: number | null;
  preview_key: string | null;
  remote_task_id: string | null;
  seed: NullableBigint;
  revised_prompt: string | null;
  /** Message key. */
  fail_reason: string | null;
  /** What the provider said (for the operator's logs and admin view; never shown raw to users). */
  fail_detail: string | null;
  created_at: Timestamp;
  /** Claimed from the queue (a slot was free). */
  started_at: NullableTimestamp;
  /** The request left for the provider: `provider_called_at - started_at` is the queue's own overhead. */
  provider_called_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface DrawImagesTable {
  id: Generated<number>;
  job_id: number;
  user_id: number;
  idx: number;
  storage_key: string;
  thumb_key: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  selected: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface SquareItemsTable {
  id: Generated<number>;
  image_id: number;
  user_id: number;
  status: SquareStatus;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SquareReportsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  reason: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    draw_channels: DrawChannelsTable;
    draw_jobs: DrawJobsTable;
    draw_images: DrawImagesTable;
    square_items: SquareItemsTable;
    square_reports: SquareReportsTable;
  }
}
