import { sql, type Kysely } from 'kysely';

/**
 * Passage vectors for hybrid document retrieval. One row per
 * passage: the embedding model's name and the vector as little-endian
 * float32 bytes. No pgvector (Debian's PostgreSQL does not ship it, PGlite
 * neither): cosine is computed in the process over the documents asked.
 * Rows cascade with their passage, so re-processing or deleting a document
 * leaves nothing behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE doc_chunk_vectors (
      chunk_id bigint PRIMARY KEY REFERENCES doc_chunks(id) ON DELETE CASCADE,
      doc_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      model text NOT NULL,
      dims integer NOT NULL CHECK (dims > 0),
      vector bytea NOT NULL CHECK (octet_length(vector) = dims * 4)
    );
    CREATE INDEX doc_chunk_vectors_doc_idx ON doc_chunk_vectors (doc_id, model);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE doc_chunk_vectors`.execute(db);
}
