import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ImportedPaper } from '../paper.types.js';
import { parseCorpusFile } from './formats.js';

/**
 * The starter corpus shipped with the server (decision 0022): 6,019 ACL
 * Anthology papers (ACL 2021-2022, NAACL 2021/2022/2024, COLING 2020/2022/2025),
 * titles, abstracts and bibliographic data only, CC BY 4.0 by the ACL
 * Anthology (apps/server/corpus/README.md). scripts/build-starter-corpus.mjs
 * makes the file. The same relative path holds from src/ and from dist/.
 */
export const STARTER_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../corpus/starter-papers.jsonl.gz');

/** Written into the one-time import marker: which edition of the file a library started from. */
export const STARTER_VERSION = 1;

const gunzip = promisify(zlib.gunzip);

export async function readStarterCorpus(file = STARTER_FILE): Promise<ImportedPaper[]> {
  const parsed = parseCorpusFile((await gunzip(await fs.readFile(file))).toString('utf8'));
  if (parsed.format !== 'anthology') throw new Error(`${file}: not the starter corpus format`);
  return parsed.papers;
}
