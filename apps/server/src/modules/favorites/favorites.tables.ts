import type { ColumnType, Generated } from 'kysely';

/**
 * Kysely types of the favorites table (migration 0005_chat), merged into the
 * shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableBigRef = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  question: string;
  answer: string;
  conversation_id: number | null;
  message_id: NullableBigRef;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    favorites: FavoritesTable;
  }
}
