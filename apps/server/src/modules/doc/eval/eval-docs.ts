import fs from 'node:fs';
import path from 'node:path';
import { startDocHarness } from './harness.js';

export interface DocQuestion {
  file: string;
  lang: string;
  question: string;
  /** The page that answers it (1-based). */
  page: number;
  evidence?: string;
}

export interface DocEvalResult {
  questions: number;
  hits: number;
  hitAt5: number;
  byLang: Record<string, { questions: number; hits: number }>;
  misses: { question: string; file: string; page: number; got: number[] }[];
  documents: { file: string; status: string; pages: number }[];
}

/**
 * Retrieval hit@5: each question is asked of its document through
 * DocService.search (what /doc/chat uses); a hit is the answering page among
 * the pages of the five passages retrieved. Documents go through the real
 * upload, processing job and storage first.
 */
export async function evalDocs(corpusDir: string, questions: DocQuestion[]): Promise<DocEvalResult> {
  const harness = await startDocHarness();
  try {
    const files = [...new Set(questions.map((q) => q.file))];
    const ids = await harness.ingest(files.map((file) => ({ name: path.basename(file), data: fs.readFileSync(path.join(corpusDir, file)) })));
    const idOf = new Map(files.map((f, i) => [f, ids[i]!]));
    const documents = await Promise.all(
      files.map(async (file) => {
        const row = await harness.docs.get(harness.userId, idOf.get(file)!);
        return { file, status: row.status, pages: row.pages };
      }),
    );
    const result: DocEvalResult = { questions: questions.length, hits: 0, hitAt5: 0, byLang: {}, misses: [], documents };
    for (const q of questions) {
      const hits = await harness.docs.search([idOf.get(q.file)!], q.question, 5);
      const pages = hits.map((h) => h.chunk.page);
      const hit = pages.includes(q.page);
      const lang = (result.byLang[q.lang] ??= { questions: 0, hits: 0 });
      lang.questions += 1;
      if (hit) {
        result.hits += 1;
        lang.hits += 1;
      } else result.misses.push({ question: q.question, file: q.file, page: q.page, got: pages });
    }
    result.hitAt5 = result.hits / Math.max(1, result.questions);
    return result;
  } finally {
    await harness.close();
  }
}
