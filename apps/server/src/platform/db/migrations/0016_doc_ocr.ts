import { sql, type Kysely } from 'kysely';

/**
 * Scanned documents read by OCR (docs/decisions/0029-ocr.md): photos of pages
 * are a document format of their own; a document being read shows which page
 * it is on; and the pages read per user and UTC day are counted against the
 * admin's page budget. The count lives in its own table so deleting a
 * document does not give its pages back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE documents DROP CONSTRAINT documents_format_check`.execute(db);
  await sql`ALTER TABLE documents ADD CONSTRAINT documents_format_check CHECK (format IN ('pdf', 'docx', 'doc', 'txt', 'md', 'image'))`.execute(db);
  await sql`ALTER TABLE documents ADD COLUMN progress_page integer, ADD COLUMN progress_pages integer`.execute(db);
  await sql`
    CREATE TABLE doc_ocr_usage (
      day date NOT NULL,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      pages integer NOT NULL CHECK (pages >= 0),
      PRIMARY KEY (day, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE doc_ocr_usage`.execute(db);
  await sql`ALTER TABLE documents DROP COLUMN progress_page, DROP COLUMN progress_pages`.execute(db);
  await sql`ALTER TABLE documents DROP CONSTRAINT documents_format_check`.execute(db);
  await sql`ALTER TABLE documents ADD CONSTRAINT documents_format_check CHECK (format IN ('pdf', 'docx', 'doc', 'txt', 'md'))`.execute(db);
}
