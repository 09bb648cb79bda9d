import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely types of the model-channel tables (migration 0005_chat), merged into
 * the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** A text in each locale, stored as JSON. */
export type LocalizedJson = Record<string, string>;

export interface AiChannelsTable {
  id: Generated<number>;
  name: string;
  base_url: string;
  api_key_sealed: string | null;
  first_token_timeout_ms: number;
  total_timeout_ms: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AiModelsTable {
  id: Generated<number>;
  channel_id: number;
  key: string;
  upstream_model: string;
  names: Json<LocalizedJson>;
  visible: boolean;
  billing_mode: 'per_answer' | 'per_1k_words';
  price: number;
  context_tokens: number;
  max_output_tokens: number;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    ai_channels: AiChannelsTable;
    ai_models: AiModelsTable;
  }
}
