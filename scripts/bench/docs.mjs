// Documents: ingestion pages/s through the whole pipeline (upload, processing
// job, parse in a worker thread, passages, database) against raw pdf.js text
// extraction of the same PDFs in the same run (target >= 0.7x), and retrieval
// latency over 50 documents of 100 pages built from real text of the corpus.
import path from 'node:path';
import { table } from './lib.mjs';

const PDFS = [
  'pdf/naacl2018_N18-3011.pdf',
  'pdf/pdfminer_naacl06-shinyama.pdf',
  'pdf/pdfminer_i1040nr.pdf',
  'pdf/pypdf_GeoTopo-komprimiert-german-thesis.pdf',
  'pdf/pdfminer_nlp2004slides.pdf',
  'pdf-cjk/maint-guide.zh-cn.pdf',
  'pdf-cjk/texlive_lshort-zh-cn.pdf',
  'pdf-cjk/texlive_fduthesis-manual-zh.pdf',
  'pdf-cjk/texlive_zhlipsum-zh.pdf',
];

export async function benchDocs(root) {
  const { benchDocs: run } = await import(path.join(root, 'apps/server/dist/modules/doc/eval/bench-docs.js'));
  const fs = await import('node:fs');
  const corpus = path.resolve(process.env.DOCS_DATA_DIR ?? path.join(root, '../shared/data/documents'));
  const questions = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/eval/doc-questions.json'), 'utf8')).map((q) => q.question);
  const result = await run(corpus, PDFS, questions, (line) => console.log(`  ${line}`));
  const i = result.ingestion;
  console.log(`\nDocument ingestion (${i.files} PDFs, ${i.pages} pages; load average ${result.loadavg.join(' ')} on ${result.cpus} CPUs)`);
  console.log(table(
    [
      { path: 'raw pdf.js text (in-process, no layout)', seconds: i.rawSeconds, pagesPerSecond: i.rawPagesPerSecond },
      { path: 'whole pipeline (upload → job → worker parse → passages → DB)', seconds: i.pipelineSeconds, pagesPerSecond: i.pipelinePagesPerSecond },
    ],
    ['path', 'seconds', 'pagesPerSecond'],
  ));
  console.log(`  ratio ${i.ratio}x (target >= 0.7x)${i.skipped.length ? `; not completed: ${i.skipped.join(', ')}` : ''}`);
  const r = result.retrieval;
  console.log(`\nDocument retrieval (${r.documents} documents x ${r.pagesPerDocument} pages, ${r.passages} passages; ms per question after warm-up)`);
  console.log(table(r.rows, ['scope', 'queries', 'p50', 'p95', 'max']));
  return result;
}
