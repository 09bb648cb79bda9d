import type { ColumnType, Generated } from 'kysely';
import type { DocCitation, DocFormat, DocStatus, DocType } from '@xueba/contract';

/**
 * Kysely types of the document tables (migration 0007_docs), merged into the
 * shared `Database` interface by module augmentation.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type BigId = ColumnType<string, never, never>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface DocumentsTable {
  id: Generated<number>;
  user_id: number;
  type: DocType;
  name: string;
  format: DocFormat;
  status: DocStatus;
  fail_reason: string | null;
  fail_detail: string | null;
  pages: ColumnType<number, number | undefined, number>;
  words: ColumnType<number, number | undefined, number>;
  /** "page x of y" while scanned pages are read (migration 0016_doc_ocr), else null. */
  progress_page: ColumnType<number | null, number | null | undefined, number | null>;
  progress_pages: ColumnType<number | null, number | null | undefined, number | null>;
  size: number;
  storage_key: string;
  sha256: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Pages read by OCR per user and UTC day, held to the admin's page budget (migration 0016_doc_ocr). */
export interface DocOcrUsageTable {
  day: ColumnType<string, string, never>;
  user_id: number;
  pages: number;
}

export interface DocPagesTable {
  doc_id: number;
  page: number;
  text: string;
}

export interface DocChunksTable {
  id: BigId;
  doc_id: number;
  page: number;
  start_offset: number;
  end_offset: number;
  text: string;
  terms: string;
  bbox: NullableJson<[number, number, number, number]>;
}

export interface DocChunkVectorsTable {
  chunk_id: ColumnType<string, string | number, never>;
  doc_id: number;
  model: string;
  dims: number;
  /** Little-endian float32 (migration 0009_doc_embeddings). */
  vector: Uint8Array;
}

export interface DocInterpretationsTable {
  doc_id: number;
  locale: string;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface DocConversationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  doc_ids: Json<number[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocConversationDocsTable {
  conversation_id: number;
  doc_id: number;
}

export interface DocMessagesTable {
  id: BigId;
  conversation_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  status: 'generating' | 'done' | 'stopped' | 'failed';
  error: string | null;
  citations: NullableJson<DocCitation[]>;
  favorite_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.js' {
  interface Database {
    documents: DocumentsTable;
    doc_ocr_usage: DocOcrUsageTable;
    doc_pages: DocPagesTable;
    doc_chunks: DocChunksTable;
    doc_interpretations: DocInterpretationsTable;
    doc_chunk_vectors: DocChunkVectorsTable;
    doc_conversations: DocConversationsTable;
    doc_conversation_docs: DocConversationDocsTable;
    doc_messages: DocMessagesTable;
  }
}
