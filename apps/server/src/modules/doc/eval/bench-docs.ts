import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rawPdfText } from '../parse/pdf.js';
import { startDocHarness } from './harness.js';

export interface DocBenchResult {
  loadavg: number[];
  cpus: number;
  /** Pages per second of the pipeline over the files that completed (time includes any that failed). */
  ingestion: { files: number; pages: number; rawSeconds: number; rawPagesPerSecond: number; pipelineSeconds: number; pipelinePagesPerSecond: number; ratio: number; skipped: string[] };
  retrieval: { documents: number; pagesPerDocument: number; passages: number; buildSeconds: number; rows: { scope: string; queries: number; p50: number; p95: number; max: number }[] };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * Ingestion: raw pdf.js text extraction of the PDFs (page by page, no layout)
 * against the whole pipeline on the same files in the same run (upload,
 * processing job, parse in a worker thread with layout, passages, terms,
 * database). Retrieval: 50 documents of 100 pages made of real text from the
 * corpus, uploaded through the pipeline, then questions timed through
 * DocService.search (what /doc/chat runs), over one document and over all 50.
 */
export async function benchDocs(corpusDir: string, pdfs: string[], questions: string[], log: (line: string) => void): Promise<DocBenchResult> {
  const files = pdfs.map((f) => ({ name: path.basename(f), data: fs.readFileSync(path.join(corpusDir, f)) }));
  // Warm both sides once (pdf.js compiled in this thread and in the parse thread), so neither pays the start-up in the timing.
  await rawPdfText(new Uint8Array(files[0]!.data));
  const harness = await startDocHarness();
  try {
    await harness.ingest([{ name: 'warm-up.pdf', data: files[0]!.data }]);
    let started = performance.now();
    const rawPages: number[] = [];
    for (const f of files) rawPages.push((await rawPdfText(new Uint8Array(f.data))).length);
    const rawSeconds = (performance.now() - started) / 1000;
    log(`raw pdf.js: ${rawPages.reduce((a, b) => a + b, 0)} pages in ${rawSeconds.toFixed(2)} s`);

    started = performance.now();
    const ids: number[] = [];
    for (const f of files) ids.push(...(await harness.ingest([f])));
    const pipelineSeconds = (performance.now() - started) / 1000;
    const skipped: string[] = [];
    let pages = 0;
    for (let i = 0; i < files.length; i += 1) {
      const row = ids[i]! > 0 ? await harness.docs.get(harness.userId, ids[i]!) : null;
      if (row?.status === 'complete') {
        pages += row.pages;
      } else skipped.push(`${files[i]!.name}: ${row?.fail_reason ?? 'refused'}`);
    }
    log(`pipeline: ${pages} pages in ${pipelineSeconds.toFixed(2)} s`);
    const rawPagesPerSecond = rawPages.reduce((a, b) => a + b, 0) / rawSeconds;
    const pipelinePagesPerSecond = pages / pipelineSeconds;

    // 50 documents x 100 pages of real text: paragraphs of the corpus's text files and parsed PDFs, rotated per document.
    const pool: string[] = [];
    for (const f of ['txt/maint-guide.zh-cn.txt', 'txt/debian-reference.zh-cn.txt', 'markdown/pdfminer.six_CHANGELOG.md']) {
      pool.push(...fs.readFileSync(path.join(corpusDir, f), 'utf8').split(/\n\s*\n/).filter((p) => p.trim().length > 40));
    }
    for (const id of ids.filter((n) => n > 0)) {
      for (let p = 1; p <= 20; p += 1) {
        const page = await harness.docs.repo.page(harness.owned.ctx.db, id, p).catch(() => undefined);
        if (page) pool.push(...page.text.split(/\n\n/).filter((t) => t.length > 40));
      }
    }
    const englishPool = pool.filter((p) => !/[\u4e00-\u9fff]/.test(p));
    const chinesePool = pool.filter((p) => /[\u4e00-\u9fff]/.test(p));
    started = performance.now();
    const benchIds: number[] = [];
    for (let d = 0; d < 50; d += 1) {
      const pagesText: string[] = [];
      let e = d * 37;
      let c = d * 53;
      for (let p = 0; p < 100; p += 1) {
        // ~2,300 English characters and ~400 Chinese ones a page: under 100,000 words for 100 pages.
        let text = '';
        while (text.length < 2300) text += `${englishPool[e++ % englishPool.length]}\n\n`;
        let zh = '';
        while (zh.length < 400) zh += `${chinesePool[c++ % chinesePool.length]}\n\n`;
        pagesText.push((text + zh.slice(0, 600)).trim());
      }
      // Text files are cut into pages of about 3,000 characters at paragraph ends: ~2,900-character pages give about 100.
      benchIds.push(...(await harness.ingest([{ name: `bench-${d}.txt`, data: Buffer.from(pagesText.join('\n\n')) }])));
    }
    const buildSeconds = (performance.now() - started) / 1000;
    const okIds = benchIds.filter((n) => n > 0);
    const stats = await Promise.all(okIds.map((id) => harness.docs.get(harness.userId, id)));
    const complete = stats.filter((s) => s.status === 'complete');
    const passages = (await Promise.all(complete.map((s) => harness.docs.repo.chunks(harness.owned.ctx.db, s.id)))).reduce((n, c) => n + c.length, 0);
    log(`retrieval corpus: ${complete.length} documents, ${round(complete.reduce((n, s) => n + s.pages, 0) / Math.max(1, complete.length))} pages each, ${passages} passages, built in ${buildSeconds.toFixed(1)} s`);
    const allIds = complete.map((s) => s.id);
    const time = async (scope: string, pick: (i: number) => number[]) => {
      // Warm-up (loads and caches the passages), then timed.
      for (let i = 0; i < 20; i += 1) await harness.docs.search(pick(i), questions[i % questions.length]!, 5);
      const times: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const t0 = performance.now();
        await harness.docs.search(pick(i), questions[i % questions.length]!, 5);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { scope, queries: times.length, p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2), max: round(times[times.length - 1]!, 2) };
    };
    const rows = [await time('one document (of 50)', (i) => [allIds[i % allIds.length]!]), await time('10 documents (one question)', (i) => allIds.slice(i % 40, (i % 40) + 10)), await time('all 50 documents', () => allIds)];
    return {
      loadavg: os.loadavg().map((n) => round(n, 2)),
      cpus: os.cpus().length,
      ingestion: {
        files: files.length - skipped.length,
        pages,
        rawSeconds: round(rawSeconds, 2),
        rawPagesPerSecond: round(rawPagesPerSecond, 1),
        pipelineSeconds: round(pipelineSeconds, 2),
        pipelinePagesPerSecond: round(pipelinePagesPerSecond, 1),
        ratio: round(pipelinePagesPerSecond / rawPagesPerSecond, 2),
        skipped,
      },
      retrieval: { documents: complete.length, pagesPerDocument: round(complete.reduce((n, s) => n + s.pages, 0) / Math.max(1, complete.length)), passages, buildSeconds: round(buildSeconds, 1), rows },
    };
  } finally {
    await harness.close();
  }
}
