import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely types of the chat, template, favorite and model-channel tables
 * (migration 0005_chat). They are merged into the shared `Database` interface
 * by module augmentation so this feature's tables live with the feature.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigserial ids come back from pg as strings. */
type BigId = ColumnType<string, never, never>;
type BigRef = ColumnType<string, number | string, number | string>;
type NullableBigRef = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
export type Status = 'generating' | 'done' | 'stopped' | 'failed';
export type LocalizedJson = Record<string, string>;

export interface StoredSource {
  n: number;
  source: string;
  id: string;
  title: string;
  url?: string;
  page?: number;
}

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

export interface ChatConversationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  model: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: BigId;
  conversation_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  kind: ColumnType<1 | 2 | 3, 1 | 2 | 3 | undefined, 1 | 2 | 3>;
  content: ColumnType<string, string | undefined, string>;
  status: Status;
  error: string | null;
  model: string | null;
  sources: NullableJson<StoredSource[]>;
  prompt_tokens: ColumnType<number, number | undefined, number>;
  completion_tokens: ColumnType<number, number | undefined, number>;
  words: ColumnType<number, number | undefined, number>;
  charged_asset: string | null;
  charged: ColumnType<number, number | undefined, number>;
  stop_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatVisitorUsageTable {
  ip_hash: string;
  day: ColumnType<Date, string, string>;
  count: number;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  question: string;
  answer: string;
  conversation_id: number | null;
  message_id: NullableBigRef;
  created_at: Timestamp;
}

export interface TemplateCategoriesTable {
  id: Generated<number>;
  names: Json<LocalizedJson>;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoredField {
  name: string;
  label: LocalizedJson;
  placeholder: Partial<LocalizedJson>;
  type: 'text' | 'textarea' | 'select';
  required: boolean;
  max_length: number;
  options: { value: string; label: LocalizedJson }[];
}

export interface TemplatesTable {
  id: Generated<number>;
  key: string;
  category_id: number | null;
  names: Json<LocalizedJson>;
  descriptions: Json<Partial<LocalizedJson>>;
  fields: Json<StoredField[]>;
  prompt: string;
  model: string | null;
  enabled: boolean;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CreationsTable {
  id: BigId;
  user_id: number;
  template_id: number | null;
  template_name: string;
  inputs: Json<Record<string, string>>;
  output: ColumnType<string, string | undefined, string>;
  status: Status;
  error: string | null;
  model: string;
  prompt_tokens: ColumnType<number, number | undefined, number>;
  completion_tokens: ColumnType<number, number | undefined, number>;
  words: ColumnType<number, number | undefined, number>;
  charged_asset: string | null;
  charged: ColumnType<number, number | undefined, number>;
  stop_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { BigRef };

declare module '../../platform/db/schema.js' {
  interface Database {
    ai_channels: AiChannelsTable;
    ai_models: AiModelsTable;
    chat_conversations: ChatConversationsTable;
    chat_messages: ChatMessagesTable;
    chat_visitor_usage: ChatVisitorUsageTable;
    favorites: FavoritesTable;
    template_categories: TemplateCategoriesTable;
    templates: TemplatesTable;
    creations: CreationsTable;
  }
}
