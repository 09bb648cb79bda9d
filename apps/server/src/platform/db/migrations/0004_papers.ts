import { sql, type Kysely } from 'kysely';

/**
 * The paper corpus. `papers` holds the local corpus (source 'local')
 * and copies of remote papers a user saved (source 'openalex' /
 * 'semanticscholar'), unique per (source, source_id) so re-imports update in
 * place. `revision` comes from a sequence and is bumped on every write, so
 * each process can reload just the rows an import touched into its in-memory
 * search index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE papers_revision_seq;
    CREATE TABLE papers (
      id serial PRIMARY KEY,
      source text NOT NULL CHECK (source IN ('local', 'openalex', 'semanticscholar')),
      source_id text NOT NULL,
      title text NOT NULL,
      abstract text NOT NULL DEFAULT '',
      authors jsonb NOT NULL DEFAULT '[]'::jsonb,
      venue text NOT NULL DEFAULT '',
      year integer,
      type text NOT NULL CHECK (type IN ('journal', 'conference', 'review', 'short', 'survey', 'applied_research',
        'experimental', 'abstract', 'report', 'book_chapter', 'newspaper', 'news')),
      doi text,
      arxiv_id text,
      url text,
      pdf_url text,
      open_access boolean NOT NULL DEFAULT false,
      citation_count integer NOT NULL DEFAULT 0 CHECK (citation_count >= 0),
      bibtex text,
      keywords jsonb NOT NULL DEFAULT '[]'::jsonb,
      pages text,
      volume text,
      issue text,
      publisher text,
      revision bigint NOT NULL DEFAULT nextval('papers_revision_seq'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (source, source_id)
    );
    CREATE INDEX papers_revision_idx ON papers (revision);
    CREATE INDEX papers_doi_idx ON papers (doi) WHERE doi IS NOT NULL;
    CREATE INDEX papers_arxiv_idx ON papers (arxiv_id) WHERE arxiv_id IS NOT NULL;
    CREATE INDEX papers_browse_newest_idx ON papers (year DESC NULLS LAST, id DESC) WHERE source = 'local';
    CREATE INDEX papers_browse_cited_idx ON papers (citation_count DESC, id DESC) WHERE source = 'local';

    CREATE TABLE paper_references (
      citing_id integer NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
      position integer NOT NULL,
      raw_text text NOT NULL,
      external_id text,
      doi text,
      arxiv_id text,
      resolved_id integer REFERENCES papers(id) ON DELETE SET NULL,
      PRIMARY KEY (citing_id, position)
    );
    CREATE INDEX paper_references_resolved_idx ON paper_references (resolved_id) WHERE resolved_id IS NOT NULL;
    CREATE INDEX paper_references_doi_idx ON paper_references (doi) WHERE doi IS NOT NULL;
    CREATE INDEX paper_references_arxiv_idx ON paper_references (arxiv_id) WHERE arxiv_id IS NOT NULL;

    CREATE TABLE paper_favorites (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      paper_id integer NOT NULL REFERENCES papers(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, paper_id)
    );
    CREATE INDEX paper_favorites_user_idx ON paper_favorites (user_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE paper_favorites;
    DROP TABLE paper_references;
    DROP TABLE papers;
    DROP SEQUENCE papers_revision_seq;
  `.execute(db);
}
