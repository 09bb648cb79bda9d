import { sql, type Kysely, type Selectable } from 'kysely';
import type { PaperSourceName, PaperType } from '@xueba/contract';
import type { Database, PapersTable } from '../../platform/db/schema.js';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { ImportedPaper, PaperRecord, ReferenceRecord } from './paper.types.js';

type PaperRow = Selectable<PapersTable>;

/** The columns the search index keeps (no abstract text beyond tokenising it). */
export interface IndexRow {
  id: number;
  title: string;
  abstract: string;
  authors: string[];
  venue: string;
  year: number | null;
  type: string;
  citation_count: number;
  open_access: boolean;
  revision: string;
}

export interface BrowseFilter {
  yearFrom?: number;
  yearTo?: number;
  type?: PaperType;
  venue?: string;
  openAccess?: boolean;
}

export function rowToRecord(row: PaperRow): PaperRecord & { id: number } {
  return {
    id: row.id,
    source: row.source,
    source_id: row.source_id,
    title: row.title,
    abstract: row.abstract,
    authors: Array.isArray(row.authors) ? row.authors : [],
    venue: row.venue,
    year: row.year,
    type: row.type as PaperType,
    doi: row.doi,
    arxiv_id: row.arxiv_id,
    url: row.url,
    pdf_url: row.pdf_url,
    open_access: row.open_access,
    citation_count: row.citation_count,
    bibtex: row.bibtex,
    keywords: Array.isArray(row.keywords) ? row.keywords : [],
    pages: row.pages,
    volume: row.volume,
    issue: row.issue,
    publisher: row.publisher,
  };
}

/** LIKE pattern for a case-insensitive "contains", with the user's wildcards escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class PaperRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async byIds(ids: number[]): Promise<(PaperRecord & { id: number })[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('papers').selectAll().where('id', 'in', ids).execute();
    return rows.map(rowToRecord);
  }

  /** Just what a result list shows (no BibTeX, keywords or publisher): the hot path of every search. */
  async listRows(ids: number[]): Promise<(PaperRecord & { id: number })[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('papers')
      .select(['id', 'source', 'source_id', 'title', 'abstract', 'authors', 'venue', 'year', 'type', 'citation_count', 'open_access', 'doi', 'arxiv_id', 'url', 'pdf_url'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => rowToRecord({ ...r, bibtex: null, keywords: [], pages: null, volume: null, issue: null, publisher: null, revision: '0', created_at: new Date(0), updated_at: new Date(0) }));
  }

  async bySourceId(source: PaperSourceName, sourceId: string): Promise<(PaperRecord & { id: number }) | null> {
    const row = await this.db.selectFrom('papers').selectAll().where('source', '=', source).where('source_id', '=', sourceId).executeTakeFirst();
    return row ? rowToRecord(row) : null;
  }

  async countLocal(): Promise<number> {
    const row = await this.db.selectFrom('papers').select((eb) => eb.fn.countAll<string>().as('n')).where('source', '=', 'local').executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Rows of the local corpus with `revision >= from`, in id order, a page at a time (`afterId` pages). */
  async indexPage(fromRevision: string, afterId: number, limit: number): Promise<IndexRow[]> {
    const rows = await this.db
      .selectFrom('papers')
      .select(['id', 'title', 'abstract', 'authors', 'venue', 'year', 'type', 'citation_count', 'open_access', 'revision'])
      .where('source', '=', 'local')
      .where('revision', '>=', fromRevision as never)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, authors: Array.isArray(r.authors) ? r.authors : [] }));
  }

  /** Newest (or most cited) local papers matching the filters: the listing for an empty keyword. */
  async browse(filter: BrowseFilter, order: 'newest' | 'citations', offset: number, limit: number): Promise<{ rows: (PaperRecord & { id: number })[]; count: number }> {
    let query = this.db.selectFrom('papers').where('source', '=', 'local');
    if (filter.yearFrom !== undefined) query = query.where('year', '>=', filter.yearFrom);
    if (filter.yearTo !== undefined) query = query.where('year', '<=', filter.yearTo);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.openAccess !== undefined) query = query.where('open_access', '=', filter.openAccess);
    if (filter.venue) query = query.where(sql<boolean>`lower(venue) LIKE ${containsPattern(filter.venue)} ESCAPE '\\'`);
    const counted = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let ordered = query.selectAll();
    ordered =
      order === 'citations'
        ? ordered.orderBy('citation_count', 'desc').orderBy('id', 'desc')
        : ordered.orderBy(sql`year DESC NULLS LAST`).orderBy('id', 'desc');
    const rows = await ordered.offset(offset).limit(limit).execute();
    return { rows: rows.map(rowToRecord), count: Number(counted.n) };
  }

  async references(citingId: number, limit: number): Promise<{ rows: (ReferenceRecord & { resolved_id: number | null; resolved_title: string | null })[]; count: number }> {
    const rows = await this.db
      .selectFrom('paper_references as r')
      .leftJoin('papers as p', 'p.id', 'r.resolved_id')
      .select(['r.position', 'r.raw_text', 'r.external_id', 'r.doi', 'r.arxiv_id', 'r.resolved_id', 'p.title as resolved_title'])
      .where('r.citing_id', '=', citingId)
      .orderBy('r.position')
      .limit(limit)
      .execute();
    const counted = await this.db.selectFrom('paper_references').select((eb) => eb.fn.countAll<string>().as('n')).where('citing_id', '=', citingId).executeTakeFirstOrThrow();
    return { rows, count: Number(counted.n) };
  }

  /** Papers whose references resolve to this one, most cited first. */
  async citedBy(paperId: number, limit: number): Promise<(PaperRecord & { id: number })[]> {
    const rows = await this.db
      .selectFrom('papers')
      .selectAll()
      .where('id', 'in', this.db.selectFrom('paper_references').select('citing_id').where('resolved_id', '=', paperId))
      .orderBy('citation_count', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(rowToRecord);
  }

  async venues(limit: number): Promise<{ venue: string; count: number }[]> {
    const rows = await this.db
      .selectFrom('papers')
      .select(['venue', (eb) => eb.fn.countAll<string>().as('n')])
      .where('source', '=', 'local')
      .where('venue', '<>', '')
      .groupBy('venue')
      .orderBy('n', 'desc')
      .orderBy('venue')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ venue: r.venue, count: Number(r.n) }));
  }

  /**
   * Inserts or updates a batch by (source, source_id) and replaces their
   * references; returns how many rows were new and the lowest revision written.
   */
  async upsertBatch(tx: Tx, papers: ImportedPaper[], now: Date): Promise<{ inserted: number; updated: number; references: number; minRevision: string | null }> {
    if (papers.length === 0) return { inserted: 0, updated: 0, references: 0, minRevision: null };
    // One row per key: the last occurrence in the batch wins, as it would across batches.
    const unique = [...new Map(papers.map((p) => [`${p.source}\u0000${p.source_id}`, p])).values()];
    const values = unique.map((p) => ({
      source: p.source,
      source_id: p.source_id,
      title: p.title,
      abstract: p.abstract,
      authors: JSON.stringify(p.authors),
      venue: p.venue,
      year: p.year,
      type: p.type,
      doi: p.doi,
      arxiv_id: p.arxiv_id,
      url: p.url,
      pdf_url: p.pdf_url,
      open_access: p.open_access,
      citation_count: p.citation_count,
      bibtex: p.bibtex,
      keywords: JSON.stringify(p.keywords),
      pages: p.pages,
      volume: p.volume,
      issue: p.issue,
      publisher: p.publisher,
      created_at: now,
      updated_at: now,
    }));
    const rows = await tx
      .insertInto('papers')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['source', 'source_id']).doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          abstract: eb.ref('excluded.abstract'),
          authors: eb.ref('excluded.authors'),
          venue: eb.ref('excluded.venue'),
          year: eb.ref('excluded.year'),
          type: eb.ref('excluded.type'),
          doi: eb.ref('excluded.doi'),
          arxiv_id: eb.ref('excluded.arxiv_id'),
          url: eb.ref('excluded.url'),
          pdf_url: eb.ref('excluded.pdf_url'),
          open_access: eb.ref('excluded.open_access'),
          citation_count: eb.ref('excluded.citation_count'),
          bibtex: eb.ref('excluded.bibtex'),
          keywords: eb.ref('excluded.keywords'),
          pages: eb.ref('excluded.pages'),
          volume: eb.ref('excluded.volume'),
          issue: eb.ref('excluded.issue'),
          publisher: eb.ref('excluded.publisher'),
          updated_at: eb.ref('excluded.updated_at'),
          revision: sql`nextval('papers_revision_seq')`,
        })),
      )
      .returning(['id', 'source', 'source_id', 'revision', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    const idByKey = new Map(rows.map((r) => [`${r.source}\u0000${r.source_id}`, r.id]));
    const inserted = rows.filter((r) => r.inserted).length;
    const ids = rows.map((r) => r.id);
    await tx.deleteFrom('paper_references').where('citing_id', 'in', ids).execute();
    const refs = unique.flatMap((p) => {
      const citing = idByKey.get(`${p.source}\u0000${p.source_id}`);
      return citing === undefined ? [] : p.references.map((r) => ({ citing_id: citing, position: r.position, raw_text: r.raw_text, external_id: r.external_id, doi: r.doi, arxiv_id: r.arxiv_id }));
    });
    // 7 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535-parameter limit.
    for (let i = 0; i < refs.length; i += 1000) await tx.insertInto('paper_references').values(refs.slice(i, i + 1000)).execute();
    const minRevision = rows.reduce<string | null>((min, r) => (min === null || BigInt(r.revision) < BigInt(min) ? r.revision : min), null);
    return { inserted, updated: rows.length - inserted, references: refs.length, minRevision };
  }

  /** Links unresolved references to local papers by DOI or arXiv id; returns how many were linked. */
  async resolveReferences(db: Db | Tx): Promise<number> {
    const byDoi = await sql`
      UPDATE paper_references r SET resolved_id = p.id
      FROM papers p
      WHERE r.resolved_id IS NULL AND r.doi IS NOT NULL AND p.doi = r.doi AND p.source = 'local' AND p.id <> r.citing_id`.execute(db);
    const byArxiv = await sql`
      UPDATE paper_references r SET resolved_id = p.id
      FROM papers p
      WHERE r.resolved_id IS NULL AND r.arxiv_id IS NOT NULL AND p.arxiv_id = r.arxiv_id AND p.source = 'local' AND p.id <> r.citing_id`.execute(db);
    return Number(byDoi.numAffectedRows ?? 0n) + Number(byArxiv.numAffectedRows ?? 0n);
  }

  /** Stores a copy of a remote paper (so it can be a favourite); returns its row id. */
  async upsertRemote(record: PaperRecord, now: Date): Promise<number> {
    await this.db.transaction().execute((tx) => this.upsertBatch(tx, [{ ...record, references: [] }], now));
    const row = await this.bySourceId(record.source, record.source_id);
    if (!row) throw new Error('remote paper copy vanished');
    return row.id;
  }

  async addFavorite(userId: number, paperId: number, now: Date): Promise<void> {
    await this.db.insertInto('paper_favorites').values({ user_id: userId, paper_id: paperId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
  }

  async removeFavorite(userId: number, paperId: number): Promise<void> {
    await this.db.deleteFrom('paper_favorites').where('user_id', '=', userId).where('paper_id', '=', paperId).execute();
  }

  async isFavorite(userId: number, paperId: number): Promise<boolean> {
    const row = await this.db.selectFrom('paper_favorites').select('paper_id').where('user_id', '=', userId).where('paper_id', '=', paperId).executeTakeFirst();
    return Boolean(row);
  }

  async favorites(userId: number, offset: number, limit: number): Promise<{ rows: (PaperRecord & { id: number; favorited_at: Date })[]; count: number }> {
    const rows = await this.db
      .selectFrom('paper_favorites as f')
      .innerJoin('papers as p', 'p.id', 'f.paper_id')
      .selectAll('p')
      .select('f.created_at as favorited_at')
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.paper_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const counted = await this.db.selectFrom('paper_favorites').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { rows: rows.map((r) => ({ ...rowToRecord(r), favorited_at: r.favorited_at })), count: Number(counted.n) };
  }
}
