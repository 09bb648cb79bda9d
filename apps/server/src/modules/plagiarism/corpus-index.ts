import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.js';
import type { FingerprintIndex, PlagiarismEngine } from './engine/index.js';
import type { PlagiarismRepository } from './plagiarism.repository.js';

const LOAD_PAGE = 1000;

/** The text of a corpus paper as the index and the alignment see it: its title, then its abstract. */
export function paperText(p: { title: string; abstract: string }): string {
  return p.abstract ? `${p.title}\n\n${p.abstract}` : p.title;
}

/**
 * The process-wide fingerprint index of the local paper corpus: built on
 * first use (or at start), then kept current by the `papers` bus topic that
 * every import publishes, in every process. Loads and refreshes run one
 * after another and give the event loop back between pages, so a check
 * asked for during a re-import is answered from the index as it stands (each
 * paper either before or after its update) and never waits for the import.
 */
export class CorpusIndex {
  private readonly index: FingerprintIndex;
  private loaded: Promise<void> | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    engine: PlagiarismEngine,
    private readonly repo: PlagiarismRepository,
  ) {
    this.index = engine.createIndex();
  }

  get size(): number {
    return this.index.size;
  }

  /** Follows imports of this and other processes (a refresh that fails is retried by the next import). */
  follow(): void {
    this.ctx.bus.subscribe((topic, id) => {
      if (topic === 'papers' && this.loaded) void this.refresh(/^\d+$/.test(id) ? id : '0').catch((error: unknown) => this.ctx.log.warn({ err: error }, 'plagiarism corpus refresh failed'));
    });
  }

  /** Resolves once the whole corpus is indexed (the first call starts the load). */
  ready(): Promise<void> {
    this.loaded ??= this.enqueue(() => this.load('0')).catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  refresh(fromRevision: string): Promise<void> {
    return this.enqueue(() => this.load(fromRevision));
  }

  candidates(text: string, limit: number): { id: number; shared: number }[] {
    return this.index.candidates(text, { limit, minShared: 2 }).map((c) => ({ id: Number(c.id), shared: c.shared }));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(fromRevision: string): Promise<void> {
    let after = 0;
    for (;;) {
      const rows = await this.repo.corpusPage(this.ctx.db, fromRevision, after, LOAD_PAGE);
      for (const row of rows) {
        const id = String(row.id);
        if (this.index.has(id)) this.index.remove(id);
        this.index.add(id, paperText(row));
      }
      if (rows.length < LOAD_PAGE) return;
      after = rows[rows.length - 1]!.id;
      await yieldToLoop();
    }
  }
}
