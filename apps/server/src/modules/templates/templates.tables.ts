import type { ColumnType, Generated } from 'kysely';
import type { AnswerColumns } from '../chat/chat.tables.js';
import type { LocalizedJson } from '../models/models.tables.js';

/**
 * Kysely types of the writing-template tables and their creations (migration
 * 0005_chat), merged into the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigserial ids come back from pg as strings. */
type BigId = ColumnType<string, never, never>;
type Json<T> = ColumnType<T, string, string>;

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

export interface CreationsTable extends AnswerColumns {
  id: BigId;
  user_id: number;
  template_id: number | null;
  template_name: string;
  inputs: Json<Record<string, string>>;
  output: ColumnType<string, string | undefined, string>;
  model: string;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    template_categories: TemplateCategoriesTable;
    templates: TemplatesTable;
    creations: CreationsTable;
  }
}
