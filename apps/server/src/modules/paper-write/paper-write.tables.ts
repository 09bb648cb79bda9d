import type { ColumnType, Generated } from 'kysely';
import type { PaperWriteKind, PaperWriteLanguage, PaperWriteOutlineSection, PaperWriteProposal, PaperWriteSectionStatus, PaperWriteSourceKind, PaperWriteStyle } from '@xueba/contract';
import type { PaperRecord } from '../paper/paper.types.js';

/**
 * Kysely types of the paper writing tables (migration 0026_paper_write),
 * merged into the shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface PaperWriteProjectsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  topic: string;
  discipline: ColumnType<string, string | undefined, string>;
  kind: PaperWriteKind;
  language: PaperWriteLanguage;
  target_length: number;
  style: PaperWriteStyle;
  outline: Json<PaperWriteOutlineSection[]>;
  outline_revision: ColumnType<number, number | undefined, number>;
  outline_updated_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The metadata a bibliography item cites with, frozen when it was added (a paper record; a document as a report). */
export type SourceSnapshot = PaperRecord;

export interface PaperWriteSourcesTable {
  id: Generated<number>;
  project_id: number;
  /** From 1: the `[n]` of the text. */
  position: number;
  kind: PaperWriteSourceKind;
  ref: string;
  snapshot: Json<SourceSnapshot>;
  created_at: Timestamp;
}

export interface PaperWriteSectionsTable {
  project_id: number;
  key: string;
  status: PaperWriteSectionStatus;
  text: ColumnType<string, string | undefined, string>;
  words: ColumnType<number, number | undefined, number>;
  by_model: ColumnType<boolean, boolean | undefined, boolean>;
  invalid_citations: ColumnType<number[], string | undefined, string>;
  notice: string | null;
  revision: ColumnType<number, number | undefined, number>;
  proposal: ColumnType<PaperWriteProposal | null, string | null | undefined, string | null>;
  generation_id: number | null;
  updated_at: Date | null;
}

export interface PaperWriteGenerationsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  section_key: string | null;
  task: 'outline' | 'draft' | 'polish';
  status: 'generating' | 'done' | 'stopped' | 'failed';
  model: string;
  words: ColumnType<number, number | undefined, number>;
  charged_asset: string | null;
  charged: ColumnType<number, number | undefined, number>;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    paper_write_projects: PaperWriteProjectsTable;
    paper_write_sources: PaperWriteSourcesTable;
    paper_write_sections: PaperWriteSectionsTable;
    paper_write_generations: PaperWriteGenerationsTable;
  }
}
