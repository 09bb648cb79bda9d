import {
  PAPER_SOURCE_MODES,
  paperSourceModeSchema,
  formatMessage,
  type CiteFormat,
  type Locale,
  type PaperDetail,
  type PaperItem,
  type PaperSearchQuery,
  type PaperSearchResponse,
  type PaperSourceMode,
} from '@xueba/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { hasCjk, tokenize } from '../../platform/search/tokenize.js';
import { translateChineseQuery } from '../../platform/search/zh-en.js';
import type { SettingsService } from '../settings/settings.service.js';
import { cite } from './cite.js';
import { PaperImporter } from './import/import.service.js';
import { readStarterCorpus, STARTER_FILE, STARTER_VERSION } from './import/starter.js';
import { LocalPaperIndex } from './local-index.js';
import type { PaperModel } from './paper.ai.js';
import { translateQuery } from './paper.ai.js';
import { PaperRepository } from './paper.repository.js';
import type { Paper, PaperRecord } from './paper.types.js';
import { snippet } from './snippet.js';
import { CircuitBreaker } from './sources/breaker.js';
import { LocalSource } from './sources/local.source.js';
import { MergedSource } from './sources/merged.source.js';
import { OpenAlexSource } from './sources/openalex.source.js';
import { SemanticScholarSource } from './sources/semanticscholar.source.js';
import { parsePublicId, publicId, type PaperSource } from './sources/source.js';

const SETTINGS_KEY = 'paper_source';
/** Settings key marking that this database has had its one starter import (or declined it). */
const STARTER_KEY = 'paper_starter';
/** A remote source failing this many times in a row is rested for BREAKER_OPEN_MS (decision 0022). */
export const BREAKER_FAILURES = 3;
export const BREAKER_OPEN_MS = 60_000;

const storedSettingsSchema = z.object({ source: paperSourceModeSchema.catch('merged'), s2_key: z.string().nullable().catch(null) });
type StoredSettings = z.infer<typeof storedSettingsSchema>;

const DETAIL_REFERENCES = 500;
const DETAIL_CITED_BY = 20;
const DETAIL_RELATED = 8;

export function toItem(paper: Paper, terms: readonly string[]): PaperItem {
  return {
    id: paper.id,
    source: paper.source,
    source_id: paper.source_id,
    title: paper.title,
    authors: paper.authors,
    venue: paper.venue,
    year: paper.year,
    type: paper.type,
    citation_count: paper.citation_count,
    open_access: paper.open_access,
    snippet: snippet(paper.abstract, terms),
  };
}

/** The public id of a stored row: local rows by row id, remote copies by their source id. */
const storedId = (row: PaperRecord & { id: number }) => (row.source === 'local' ? publicId('local', row.id) : publicId(row.source, row.source_id));

/**
 * Paper search use cases over the active source. The local index lives as
 * long as the process and follows imports (its own and other processes')
 * through the `papers` bus topic.
 */
export class PaperService {
  readonly repo: PaperRepository;
  readonly index: LocalPaperIndex;
  readonly importer: PaperImporter;
  private readonly local: LocalSource;
  private readonly openalex: OpenAlexSource;
  private readonly merged: MergedSource;
  /** The merged source's OpenAlex breaker (exposed for tests and logs). */
  readonly breaker: CircuitBreaker;
  private s2: { key: string | null; source: SemanticScholarSource } | null = null;
  private settingsCache: Promise<StoredSettings> | null = null;
  /** Revisions this process already applied itself (skip its own bus echo). */
  private readonly applied = new Set<string>();
  /** The configured chat model; set by the routes once the model layer is known. */
  modelResolver: () => Promise<PaperModel | null> = async () => null;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {
    this.repo = new PaperRepository(ctx.db);
    this.index = new LocalPaperIndex(this.repo);
    this.local = new LocalSource(this.index, this.repo);
    this.openalex = new OpenAlexSource(ctx.env.OPENALEX_URL, this.httpOptions());
    this.breaker = new CircuitBreaker({ failures: BREAKER_FAILURES, openMs: BREAKER_OPEN_MS, now: ctx.now });
    // Its own client with the short deadline: an explicit OpenAlex choice keeps the patient one.
    const quickOpenAlex = new OpenAlexSource(ctx.env.OPENALEX_URL, { ...this.httpOptions(), timeoutMs: ctx.env.PAPER_REMOTE_DEADLINE_MS });
    this.merged = new MergedSource(this.local, quickOpenAlex, this.breaker);
    this.importer = new PaperImporter(ctx, this.repo, async (minRevision) => {
      this.applied.add(minRevision);
      await this.index.refresh(minRevision);
      await ctx.bus.publish('papers', minRevision);
    });
    ctx.bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === SETTINGS_KEY || id === '*')) this.settingsCache = null;
      if (topic === 'papers') {
        if (this.applied.delete(id)) return;
        // Another process imported: reload what it wrote. Failures only delay freshness; the next import retries.
        void this.index.refresh(/^\d+$/.test(id) ? id : '0').catch(() => undefined);
      }
    });
  }

  private httpOptions() {
    return { timeoutMs: this.ctx.env.PAPER_SOURCE_TIMEOUT_MS, headers: { 'user-agent': `Xueba/${this.ctx.version}` } };
  }

  private async stored(): Promise<StoredSettings> {
    this.settingsCache ??= this.settings.getRaw(SETTINGS_KEY).then((raw) => {
      const parsed = storedSettingsSchema.safeParse(raw ?? {});
      return parsed.success ? parsed.data : { source: 'merged' as const, s2_key: null };
    });
    return this.settingsCache;
  }

  private async source(name: PaperSourceMode): Promise<PaperSource> {
    if (name === 'merged') return this.merged;
    if (name === 'local') return this.local;
    if (name === 'openalex') return this.openalex;
    const sealed = (await this.stored()).s2_key;
    const key = sealed ? this.ctx.secrets.open(sealed) : null;
    if (!this.s2 || this.s2.key !== key) this.s2 = { key, source: new SemanticScholarSource(this.ctx.env.SEMANTIC_SCHOLAR_URL, this.httpOptions(), key) };
    return this.s2.source;
  }

  async activeSource(): Promise<PaperSource> {
    return this.source((await this.stored()).source);
  }

  /** `log`: the request's logger (a failed translation falls back to the dictionary and is logged there). */
  async search(query: PaperSearchQuery, locale: Locale, log: Logger = this.ctx.log): Promise<PaperSearchResponse> {
    if (query.year_from !== undefined && query.year_to !== undefined && query.year_from > query.year_to) throw badRequest('validation_failed', { field: 'year_to' });
    const source = await this.activeSource();
    let keyword = query.keyword;
    let hint: string | null = null;
    let queryUsed: string | null = null;
    let alsoSearched: string | null = null;
    let terms = keyword ? tokenize(keyword) : [];
    if (keyword && hasCjk(keyword)) {
      // A configured model translates; the offline dictionary's English is searched as well (alone without a
      // model), a floor under a model that misreads the query. Remote sources get one English query.
      const model = await this.modelResolver();
      const translated = model
        ? translateQuery(model, keyword).catch((error: unknown) => {
            log.warn({ err: error }, 'paper search: query translation failed; using the dictionary');
            return null;
          })
        : null;
      const [byModel, byDictionary] = await Promise.all([translated, translateChineseQuery(keyword)]);
      queryUsed = byModel || null;
      alsoSearched = byDictionary && byDictionary !== queryUsed ? byDictionary : null;
      terms = [...terms, ...(queryUsed ? tokenize(queryUsed) : []), ...(alsoSearched ? tokenize(alsoSearched) : [])];
      keyword = queryUsed ?? alsoSearched ?? keyword;
      if (!model && !alsoSearched) hint = formatMessage('paper_cjk_hint', locale);
    }
    if (keyword && terms.length === 0) throw badRequest('paper_query_no_terms');
    const result = await source.search({
      keyword,
      terms: [...new Set(terms)],
      page: query.page_no,
      pageSize: query.page_size,
      yearFrom: query.year_from,
      yearTo: query.year_to,
      type: query.type,
      venue: query.venue,
      openAccess: query.open_access,
      sort: query.sort,
    });
    return {
      lists: result.papers.map((p) => toItem(p, terms)),
      count: result.total,
      page_no: query.page_no,
      page_size: query.page_size,
      source: source.name,
      hint,
      query_used: queryUsed,
      also_searched: alsoSearched,
      skipped: result.skipped ?? [],
    };
  }

  /** A paper by public id from its own source; a saved copy stands in when a remote source is down. */
  async paper(id: string): Promise<Paper> {
    const parsed = parsePublicId(id);
    const source = await this.source(parsed.source);
    try {
      const paper = await source.detail(parsed.id);
      if (!paper) throw notFound('paper_not_found');
      return paper;
    } catch (error) {
      if (parsed.source === 'local' || !(error instanceof AppError) || error.key !== 'source_unavailable') throw error;
      const copy = await this.repo.bySourceId(parsed.source, parsed.id);
      if (!copy) throw error;
      return { ...copy, id };
    }
  }

  async detail(id: string, userId: number | null): Promise<PaperDetail> {
    const paper = await this.paper(id);
    const source = await this.source(paper.source);
    const [refs, citedBy, related, favorite] = await Promise.all([
      source.references(paper, DETAIL_REFERENCES),
      source.citedBy(paper, DETAIL_CITED_BY),
      source.related(paper, DETAIL_RELATED),
      userId === null ? false : this.isFavorite(userId, paper),
    ]);
    const terms = tokenize(paper.title);
    return {
      id: paper.id,
      source: paper.source,
      source_id: paper.source_id,
      title: paper.title,
      authors: paper.authors,
      venue: paper.venue,
      year: paper.year,
      type: paper.type,
      citation_count: paper.citation_count,
      open_access: paper.open_access,
      abstract: paper.abstract,
      doi: paper.doi,
      url: paper.url,
      pdf_url: paper.pdf_url,
      keywords: paper.keywords,
      references: refs.references.map((r) => ({ position: r.position, text: r.raw_text, id: r.id, title: r.title, external_id: r.external_id, url: r.url })),
      reference_count: refs.count,
      cited_by: citedBy.map((p) => toItem(p, terms)),
      related: related.map((p) => toItem(p, terms)),
      is_favorite: favorite,
    };
  }

  async cite(id: string, format: CiteFormat): Promise<{ format: CiteFormat; text: string }> {
    return { format, text: cite(await this.paper(id), format) };
  }

  /** Row id of a paper in the papers table, storing a copy first for remote papers. */
  private async rowId(paper: Paper): Promise<number> {
    if (paper.source === 'local') return Number(paper.id);
    return this.repo.upsertRemote(paper, this.ctx.now());
  }

  private async isFavorite(userId: number, paper: Paper): Promise<boolean> {
    if (paper.source === 'local') return this.repo.isFavorite(userId, Number(paper.id));
    const copy = await this.repo.bySourceId(paper.source, paper.source_id);
    return copy ? this.repo.isFavorite(userId, copy.id) : false;
  }

  async favorite(userId: number, id: string): Promise<void> {
    await this.repo.addFavorite(userId, await this.rowId(await this.paper(id)), this.ctx.now());
  }

  async unfavorite(userId: number, id: string): Promise<void> {
    const parsed = parsePublicId(id);
    const row = parsed.source === 'local' ? Number(parsed.id) : (await this.repo.bySourceId(parsed.source, parsed.id))?.id;
    if (row !== undefined && Number.isSafeInteger(row)) await this.repo.removeFavorite(userId, row);
  }

  async favorites(userId: number, page: number, size: number) {
    const { rows, count } = await this.repo.favorites(userId, (page - 1) * size, size);
    return {
      lists: rows.map((row) => ({ ...toItem({ ...row, id: storedId(row) }, []), favorited_at: row.favorited_at.toISOString() })),
      count,
      page_no: page,
      page_size: size,
    };
  }

  /**
   * Imports the shipped starter corpus once per database, and only into an
   * empty library: a library that already has papers keeps them untouched
   * (the starter records would overwrite richer imports of the same ids).
   * Concurrent starts may both import; rows are upserted by id, so the
   * result is the same.
   */
  async importStarter(file = STARTER_FILE): Promise<{ imported: number; skipped: 'done' | 'not_empty' | null }> {
    if (await this.settings.getRaw(STARTER_KEY)) return { imported: 0, skipped: 'done' };
    const mark = (imported: number) => this.settings.setRaw(STARTER_KEY, { version: STARTER_VERSION, imported, at: this.ctx.now().toISOString() });
    if ((await this.repo.countLocal()) > 0) {
      await mark(0);
      return { imported: 0, skipped: 'not_empty' };
    }
    const papers = await readStarterCorpus(file);
    const result = await this.importer.importPapers(papers);
    await mark(result.inserted + result.updated);
    return { imported: result.inserted + result.updated, skipped: null };
  }

  async venues() {
    return { lists: await this.repo.venues(200) };
  }

  async sourceSettings() {
    const stored = await this.stored();
    return { source: stored.source, semanticscholar_key_set: Boolean(stored.s2_key), local_count: await this.repo.countLocal() };
  }

  async setSource(source: PaperSourceMode, key: string | undefined) {
    if (!PAPER_SOURCE_MODES.includes(source)) throw badRequest('validation_failed', { field: 'source' });
    const stored = await this.stored();
    const s2Key = key === undefined ? stored.s2_key : key === '' ? null : this.ctx.secrets.seal(key);
    await this.settings.setRaw(SETTINGS_KEY, { source, s2_key: s2Key });
    this.settingsCache = null;
    return this.sourceSettings();
  }
}
