import type { ColumnType, Generated } from 'kysely';
import type { SkillCategory } from '@xueba/contract';

/**
 * Kysely types of the skill tables (migration 0023_skills), merged into the
 * shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/** Text by locale; `zh` is always there, the others may be empty (shown in Chinese). */
export interface SkillText {
  zh: string;
  en: string;
  ja: string;
  ko: string;
}

export interface SkillsTable {
  id: Generated<number>;
  names: Json<SkillText>;
  descriptions: Json<SkillText>;
  prompts: Json<SkillText>;
  starters: Json<SkillText[]>;
  category: SkillCategory;
  icon_emoji: string;
  icon_key: string | null;
  model: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  use_count: ColumnType<number, number | undefined, number>;
  /** The built-in skill a row was seeded from (null for the operators' own). */
  seed_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SkillFavoritesTable {
  user_id: number;
  skill_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    skills: SkillsTable;
    skill_favorites: SkillFavoritesTable;
  }
}
