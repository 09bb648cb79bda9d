import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the shared corpus lives (`../shared/data` next to the repository), read
 * at run time and never copied into the repo. PAPERS_DATA_DIR overrides it.
 */
export function sharedDataDir(): string {
  if (process.env.PAPERS_DATA_DIR) return path.resolve(process.env.PAPERS_DATA_DIR);
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  return path.resolve(repo, '../shared/data');
}

export function sharedFile(...parts: string[]): string {
  return path.join(sharedDataDir(), ...parts);
}

export const HAS_SHARED_DATA = fs.existsSync(sharedFile('papers', 'acl-family', 'naacl2024.json'));

/** Every corpus file of the shared data: the ACL family, unarXive, the S2 sample and SciFact. */
export function allCorpusFiles(): string[] {
  const dir = (p: string) => sharedFile('papers', p);
  const list = (p: string, ext: string) => (fs.existsSync(dir(p)) ? fs.readdirSync(dir(p)).filter((f) => f.endsWith(ext)).sort().map((f) => path.join(dir(p), f)) : []);
  return [...list('acl-family', '.json'), ...list('unarxive-sample', '.jsonl'), ...list('s2-sample', '.jsonl'), sharedFile('retrieval', 'scifact', 'corpus.jsonl')].filter((f) => fs.existsSync(f));
}
