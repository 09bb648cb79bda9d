import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PaperType } from '@xueba/contract';
import { cleanText, emptyRecord, normalizeDoi, type ImportedPaper } from '../paper.types.js';

/**
 * The starter corpus shipped with the server (decision 0022): 6,019 ACL
 * Anthology papers (ACL 2021-2022, NAACL 2021/2022/2024, COLING 2020/2022/2025),
 * titles, abstracts and bibliographic data only, CC BY 4.0 by the ACL
 * Anthology (apps/server/corpus/README.md). scripts/build-starter-corpus.mjs
 * makes the file. The same relative path holds from src/ and from dist/.
 */
export const STARTER_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../corpus/starter-papers.jsonl.gz');

/** Bump when the shipped file changes in a way an existing library should take in. */
export const STARTER_VERSION = 1;

const gunzip = promisify(zlib.gunzip);

interface StarterLine {
  id?: unknown;
  title?: unknown;
  abstract?: unknown;
  authors?: unknown;
  venue?: unknown;
  year?: unknown;
  doi?: unknown;
  url?: unknown;
  pages?: unknown;
}

/** The paper type an Anthology id names: "2021.acl-short.3" is a short paper, "-industry" applied research. */
function typeOfAnthologyId(id: string): PaperType {
  if (/-short\./.test(id)) return 'short';
  if (/-industry\./.test(id)) return 'applied_research';
  return 'conference';
}

export function parseStarterLine(line: string): ImportedPaper | null {
  let record: StarterLine;
  try {
    record = JSON.parse(line) as StarterLine;
  } catch {
    return null;
  }
  const id = typeof record.id === 'string' ? record.id : '';
  const title = cleanText(record.title);
  if (!/^\d{4}\.[a-z]+-[a-z0-9]+\.\d+$/.test(id) || !title) return null;
  return {
    ...emptyRecord('local', id, title),
    abstract: cleanText(record.abstract),
    authors: Array.isArray(record.authors) ? record.authors.map(cleanText).filter(Boolean) : [],
    venue: cleanText(record.venue),
    year: typeof record.year === 'number' && Number.isInteger(record.year) ? record.year : null,
    type: typeOfAnthologyId(id),
    doi: normalizeDoi(typeof record.doi === 'string' ? record.doi : null),
    url: typeof record.url === 'string' && record.url.startsWith('https://aclanthology.org/') ? record.url : `https://aclanthology.org/${id}/`,
    pdf_url: `https://aclanthology.org/${id}.pdf`,
    open_access: true,
    pages: typeof record.pages === 'string' && record.pages ? record.pages : null,
    references: [],
  };
}

export async function readStarterCorpus(file = STARTER_FILE): Promise<ImportedPaper[]> {
  const text = (await gunzip(await fs.readFile(file))).toString('utf8');
  return text.split('\n').flatMap((line) => (line.trim() ? (parseStarterLine(line) ?? []) : []));
}
