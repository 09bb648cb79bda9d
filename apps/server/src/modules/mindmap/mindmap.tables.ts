import type { ColumnType, Generated } from 'kysely';
import type { MindmapNode, MindmapOrigin, MindmapStatus } from '@xueba/contract';

/**
 * Kysely types of the mind map tables (migration 0019_mindmap), merged into
 * the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface MindmapsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  source: MindmapOrigin;
  /** The document id, paper id or message id it was made from. */
  source_ref: string | null;
  status: MindmapStatus;
  revision: ColumnType<number, number | undefined, number>;
  tree: Json<MindmapNode>;
  nodes: number;
  /** A document's or paper's own structure, not a model's summary. */
  structural: ColumnType<boolean, boolean | undefined, boolean>;
  /** Message key of a notice shown with the map (partial outline, structure only). */
  notice: string | null;
  model: string | null;
  words: ColumnType<number, number | undefined, number>;
  charged_asset: string | null;
  charged: ColumnType<number, number | undefined, number>;
  /** SHA-256 of the share link's token; null: not shared. */
  share_hash: string | null;
  shared_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MindmapUsageTable {
  user_id: number;
  day: ColumnType<string, string, never>;
  count: number;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    mindmaps: MindmapsTable;
    mindmap_usage: MindmapUsageTable;
  }
}
