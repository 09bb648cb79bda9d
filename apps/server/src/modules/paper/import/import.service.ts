import type { PaperImportResult } from '@xueba/contract';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { transaction } from '../../../platform/db/transaction.js';
import type { PaperRepository } from '../paper.repository.js';
import type { ImportedPaper } from '../paper.types.js';
import { CorpusFormatError, parseCorpusFile } from './formats.js';

/** Rows per transaction: large enough to amortise the round trips, small enough to keep each commit short. */
export const IMPORT_BATCH = 500;

export interface ImportFile {
  name: string;
  text: string;
}

/**
 * Imports corpus files into the papers table: each batch of 500 is one
 * transaction (an interrupted import leaves whole batches, and re-running it
 * updates them: rows are keyed by (source, source_id)); references are
 * replaced with their paper and then linked to corpus papers by DOI / arXiv
 * id. When done, every process's search index reloads the written rows
 * through the `papers` bus topic.
 */
export class PaperImporter {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: PaperRepository,
    /** Called once with the lowest revision written, after the last commit. */
    private readonly onImported: (minRevision: string) => Promise<void>,
  ) {}

  async importFiles(files: ImportFile[], onProgress?: (done: number) => void): Promise<PaperImportResult> {
    // Parse everything first: an unreadable file refuses the whole upload before anything is written.
    const parsed = files.map((file) => {
      try {
        return { name: file.name, ...parseCorpusFile(file.text) };
      } catch (error) {
        if (error instanceof CorpusFormatError) throw new AppError('paper_import_format', 400, { name: file.name.slice(0, 100) });
        throw error;
      }
    });
    const started = performance.now();
    const totals = await this.importPapers(
      parsed.flatMap((f) => f.papers),
      onProgress,
    );
    const seconds = (performance.now() - started) / 1000;
    const count = totals.inserted + totals.updated;
    return {
      files: parsed.map((f) => ({ name: f.name, format: f.format, papers: f.papers.length, references: f.papers.reduce((n, p) => n + p.references.length, 0) })),
      ...totals,
      seconds: Math.round(seconds * 100) / 100,
      papers_per_second: seconds > 0 ? Math.round(count / seconds) : count,
    };
  }

  async importPapers(papers: ImportedPaper[], onProgress?: (done: number) => void): Promise<{ inserted: number; updated: number; references: number; resolved: number }> {
    let inserted = 0;
    let updated = 0;
    let references = 0;
    let minRevision: string | null = null;
    for (let i = 0; i < papers.length; i += IMPORT_BATCH) {
      const batch = papers.slice(i, i + IMPORT_BATCH);
      const result = await transaction(this.ctx.db, (tx) => this.repo.upsertBatch(tx, batch, this.ctx.now()));
      inserted += result.inserted;
      updated += result.updated;
      references += result.references;
      if (result.minRevision !== null && (minRevision === null || BigInt(result.minRevision) < BigInt(minRevision))) minRevision = result.minRevision;
      onProgress?.(Math.min(papers.length, i + IMPORT_BATCH));
    }
    const resolved = await this.repo.resolveReferences(this.ctx.db);
    if (minRevision !== null) await this.onImported(minRevision);
    return { inserted, updated, references, resolved };
  }
}
