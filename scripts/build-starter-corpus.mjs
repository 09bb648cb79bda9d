// Regenerates the starter paper corpus shipped with the server (apps/server/corpus/starter-papers.jsonl.gz)
// from the ACL-family files of ../shared/data/papers/acl-family (decision 0022).
// Only fields that come from the ACL Anthology (CC BY 4.0) are kept: the compilation's Google Scholar
// counts, affiliations, e-mail domains, GitHub links and track labels are dropped.
//   node --import tsx scripts/build-starter-corpus.mjs [source-dir]
// The source defaults to papers/acl-family under PAPERS_DATA_DIR, else ../shared/data beside the repository.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseCorpusFile } from '../apps/server/src/modules/paper/import/formats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.PAPERS_DATA_DIR ? path.resolve(process.env.PAPERS_DATA_DIR) : path.join(root, '../shared/data');
const source = path.resolve(process.argv[2] ?? path.join(dataDir, 'papers/acl-family'));
const out = path.join(root, 'apps/server/corpus/starter-papers.jsonl.gz');

const files = fs.readdirSync(source).filter((f) => f.endsWith('.json')).sort();
if (files.length === 0) throw new Error(`no ACL-family .json files in ${source}`);
const seen = new Set();
const lines = [];
for (const file of files) {
  const { format, papers } = parseCorpusFile(fs.readFileSync(path.join(source, file), 'utf8'));
  if (format !== 'acl') throw new Error(`${file}: expected the ACL-family format, got ${format}`);
  for (const p of papers) {
    // Anthology ids only (the licence covers the Anthology's own records), each once.
    if (!/^\d{4}\.[a-z]+-[a-z0-9]+\.\d+$/.test(p.source_id) || seen.has(p.source_id)) continue;
    seen.add(p.source_id);
    const record = { id: p.source_id, title: p.title, abstract: p.abstract, authors: p.authors, venue: p.venue, year: p.year, doi: p.doi, url: `https://aclanthology.org/${p.source_id}/`, pages: p.pages };
    lines.push(JSON.stringify(record));
  }
}
lines.sort();
fs.writeFileSync(out, zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} papers from ${files.length} files → ${path.relative(root, out)} (${fs.statSync(out).size} bytes)`);
