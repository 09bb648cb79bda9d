import { PAPER_TYPES, type PaperType } from '@xueba/contract';
import { Bm25Index, type SearchResult } from '../../platform/search/bm25.js';
import type { IndexRow, PaperRepository } from './paper.repository.js';

/**
 * BM25F parameters, tuned on the SciFact TRAIN judgements only (`npm run
 * eval:search`): title tokens count twice, authors and venue lightly so a name
 * in the query finds the paper without swamping topical words.
 */
export const PAPER_FIELDS = [
  { name: 'title', weight: 2, b: 0.75 },
  { name: 'abstract', weight: 1, b: 0.75 },
  { name: 'authors', weight: 0.5, b: 0.3 },
  { name: 'venue', weight: 0.3, b: 0.3 },
];
export const PAPER_K1 = 1.2;

const LOAD_PAGE = 2000;

export interface IndexFilter {
  yearFrom?: number;
  yearTo?: number;
  type?: PaperType;
  /** Case-insensitive part of the venue name. */
  venue?: string;
  openAccess?: boolean;
  /** A paper to leave out (related papers). */
  exclude?: number;
}

/**
 * The local corpus's search index: BM25F over title, abstract, authors and
 * venue, plus the few per-paper values filters need, in typed arrays (about 20
 * bytes a paper). Built from the papers table on first use and kept current
 * by `refresh(fromRevision)`, which every process runs when an import
 * publishes `papers` on the bus.
 */
export class LocalPaperIndex {
  private bm25 = new Bm25Index(PAPER_FIELDS, PAPER_K1);
  private paperIds = new Int32Array(1024);
  private years = new Int16Array(1024);
  private types = new Uint8Array(1024);
  private venueOf = new Uint32Array(1024);
  private citations = new Int32Array(1024);
  private openAccess = new Uint8Array(1024);
  /** paper id -> internal doc + 1 (0: not indexed). Paper ids are dense serials. */
  private docOf = new Int32Array(1024);
  private readonly venues: string[] = [];
  private readonly venueIds = new Map<string, number>();
  private loaded: Promise<void> | null = null;
  /** Refreshes run one after another so two imports' deltas never interleave. */
  private queue: Promise<void> = Promise.resolve();
  loadMs = 0;

  constructor(private readonly repo: PaperRepository) {}

  get size(): number {
    return this.bm25.size;
  }

  /** Loads the whole corpus once; later calls wait for the same load. */
  ready(): Promise<void> {
    this.loaded ??= this.enqueue(async () => {
      const started = performance.now();
      await this.loadFrom('0');
      this.loadMs = performance.now() - started;
    });
    return this.loaded;
  }

  /** Re-reads rows written at or after `fromRevision` (an import's lowest revision). */
  async refresh(fromRevision: string): Promise<void> {
    if (!this.loaded) return; // not built yet: the first search loads everything anyway
    await this.loaded;
    await this.enqueue(() => this.loadFrom(fromRevision));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task);
    // A failed load must not wedge later ones; the caller still sees the failure.
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async loadFrom(fromRevision: string): Promise<void> {
    let afterId = 0;
    for (;;) {
      const rows = await this.repo.indexPage(fromRevision, afterId, LOAD_PAGE);
      for (const row of rows) this.put(row);
      if (rows.length < LOAD_PAGE) break;
      afterId = rows[rows.length - 1]!.id;
    }
  }

  /** Adds a paper, replacing its previous version. */
  put(row: IndexRow): void {
    const previous = row.id < this.docOf.length ? this.docOf[row.id]! - 1 : -1;
    if (previous >= 0) this.bm25.remove(previous);
    const doc = this.bm25.add([row.title, row.abstract, row.authors.join(' ; '), row.venue]);
    this.grow(doc + 1, row.id + 1);
    this.paperIds[doc] = row.id;
    this.years[doc] = row.year ?? 0;
    this.types[doc] = Math.max(0, PAPER_TYPES.indexOf(row.type as PaperType));
    this.venueOf[doc] = this.venueId(row.venue);
    this.citations[doc] = row.citation_count;
    this.openAccess[doc] = row.open_access ? 1 : 0;
    this.docOf[row.id] = doc + 1;
  }

  private venueId(venue: string): number {
    let id = this.venueIds.get(venue);
    if (id === undefined) {
      id = this.venues.length;
      this.venues.push(venue);
      this.venueIds.set(venue, id);
    }
    return id;
  }

  terms(query: string): string[] {
    return this.bm25.terms(query);
  }

  documentFrequency(term: string): number {
    return this.bm25.documentFrequency(term);
  }

  /**
   * Ranks papers for the terms. `sort` other than relevance reorders the
   * `limit` most relevant matches (so a citation sort still lists papers about
   * the query, not merely any paper sharing one word with it).
   */
  search(terms: string[], filter: IndexFilter, limit: number, sort: 'relevance' | 'citations' | 'newest' = 'relevance'): { ids: number[]; scores: number[]; total: number } {
    const result: SearchResult = this.bm25.searchTerms(terms, limit, this.filterFn(filter));
    let hits = result.hits;
    if (sort === 'citations') hits = [...hits].sort((a, b) => this.citations[b.doc]! - this.citations[a.doc]! || b.score - a.score);
    if (sort === 'newest') hits = [...hits].sort((a, b) => this.years[b.doc]! - this.years[a.doc]! || b.score - a.score);
    return { ids: hits.map((h) => this.paperIds[h.doc]!), scores: hits.map((h) => h.score), total: result.total };
  }

  private filterFn(filter: IndexFilter): ((doc: number) => boolean) | undefined {
    const checks: ((doc: number) => boolean)[] = [];
    const { yearFrom, yearTo, type, venue, openAccess, exclude } = filter;
    if (yearFrom !== undefined) checks.push((doc) => this.years[doc]! >= yearFrom);
    if (yearTo !== undefined) checks.push((doc) => this.years[doc]! !== 0 && this.years[doc]! <= yearTo);
    if (type) {
      const code = PAPER_TYPES.indexOf(type);
      checks.push((doc) => this.types[doc] === code);
    }
    if (venue) {
      // Decide per distinct venue once, then each document is one array lookup.
      const needle = venue.toLowerCase();
      const allowed = new Uint8Array(this.venues.length);
      this.venues.forEach((v, i) => {
        if (v.toLowerCase().includes(needle)) allowed[i] = 1;
      });
      checks.push((doc) => allowed[this.venueOf[doc]!] === 1);
    }
    if (openAccess !== undefined) checks.push((doc) => (this.openAccess[doc] === 1) === openAccess);
    if (exclude !== undefined) checks.push((doc) => this.paperIds[doc] !== exclude);
    if (checks.length === 0) return undefined;
    return (doc) => checks.every((check) => check(doc));
  }

  memoryBytes(): number {
    return (
      this.bm25.memoryBytes() +
      this.paperIds.byteLength +
      this.years.byteLength +
      this.types.byteLength +
      this.venueOf.byteLength +
      this.citations.byteLength +
      this.openAccess.byteLength +
      this.docOf.byteLength
    );
  }

  stats(): { documents: number; terms: number; postings: number; bytes: number; loadMs: number } {
    return { ...this.bm25.stats(), bytes: this.memoryBytes(), loadMs: Math.round(this.loadMs) };
  }

  private grow(docs: number, papers: number): void {
    const size = (current: number, wanted: number) => {
      let n = current;
      while (n < wanted) n *= 2;
      return n;
    };
    if (docs > this.paperIds.length) {
      const n = size(this.paperIds.length, docs);
      this.paperIds = copy(this.paperIds, new Int32Array(n));
      this.years = copy(this.years, new Int16Array(n));
      this.types = copy(this.types, new Uint8Array(n));
      this.venueOf = copy(this.venueOf, new Uint32Array(n));
      this.citations = copy(this.citations, new Int32Array(n));
      this.openAccess = copy(this.openAccess, new Uint8Array(n));
    }
    if (papers > this.docOf.length) this.docOf = copy(this.docOf, new Int32Array(size(this.docOf.length, papers)));
  }
}

function copy<T extends Int32Array | Int16Array | Uint8Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
