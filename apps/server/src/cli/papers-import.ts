import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env.js';
import { createContext } from '../context.js';
import { SettingsService } from '../modules/settings/settings.service.js';
import { PaperService } from '../modules/paper/paper.service.js';

/**
 * `npm run papers:import -- FILE...`: imports corpus files into the database
 * chosen by DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite). On PGlite
 * the data directory's lock refuses to run while the server holds it (two
 * processes on one PGlite directory lose writes): stop the server, import,
 * start it again. On PostgreSQL running servers reload the imported rows
 * through the invalidation bus.
 */
async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (files.length === 0) {
    process.stderr.write('Usage: npm run papers:import -- FILE...\n  (ACL-family JSON, unarXive JSONL, S2 corpus JSONL, BEIR corpus.jsonl)\n');
    process.exit(2);
  }
  for (const file of files) {
    if (!fs.existsSync(file)) {
      process.stderr.write(`No such file: ${file}\n`);
      process.exit(2);
    }
  }
  const env = loadEnv();
  const owned = await createContext(env, { log: (line) => process.stderr.write(`${line}\n`) });
  try {
    const papers = new PaperService(owned.ctx, new SettingsService(owned.ctx));
    const where = owned.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${env.dataDir})`;
    process.stdout.write(`Importing ${files.length} file(s) into ${where}\n`);
    let total = 0;
    for (const file of files) {
      const started = performance.now();
      const result = await papers.importer.importFiles([{ name: path.basename(file), text: fs.readFileSync(file, 'utf8') }], (done) => {
        process.stdout.write(`\r  ${path.basename(file)}: ${done} papers`);
      });
      const seconds = (performance.now() - started) / 1000;
      const count = result.inserted + result.updated;
      total += count;
      process.stdout.write(
        `\r  ${path.basename(file)} [${result.files[0]?.format}]: ${result.inserted} new, ${result.updated} updated, ${result.references} references (${result.resolved} linked) in ${seconds.toFixed(1)} s = ${Math.round(count / Math.max(seconds, 0.001))} papers/s\n`,
      );
    }
    process.stdout.write(`Done: ${total} papers; the local corpus now holds ${await papers.repo.countLocal()}.\n`);
  } finally {
    await owned.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
