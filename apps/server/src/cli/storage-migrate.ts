import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env.js';
import { migrateFiles } from '../providers/storage/migrate-files.js';
import { s3Storage } from '../providers/storage/s3-storage.js';

/**
 * `npm run storage:migrate [-- DIR]`: copies the local files directory
 * (default DATA_DIR/files) into the bucket that S3_BUCKET and the other S3_*
 * variables select, verifying each object; re-run it to resume or to check.
 * It needs no database and may run while the server is up; run it once more
 * after switching the servers to the bucket, to catch files written meanwhile
 * (decision 0024).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const env = loadEnv();
  const root = path.resolve(args[0] ?? path.join(env.dataDir, 'files'));
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    process.stderr.write(`No such directory: ${root}\nUsage: npm run storage:migrate [-- DIR]   (default: DATA_DIR/files)\n`);
    process.exit(2);
  }
  const bucket = s3Storage(env, () => new Date());
  if (!bucket) {
    process.stderr.write('Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as the store needs).\n');
    process.exit(2);
  }
  try {
    await bucket.verify();
    process.stdout.write(`Copying ${root} to bucket ${env.S3_BUCKET}\n`);
    const report = await migrateFiles(root, bucket, {
      onFile: (key, outcome, reason) => {
        if (outcome === 'failed') process.stdout.write(`  failed ${key}: ${reason}\n`);
      },
    });
    process.stdout.write(`Done: ${report.copied} copied (${report.bytes} bytes), ${report.skipped} already there, ${report.failed.length} failed.\n`);
    if (report.failed.length > 0) process.exitCode = 1;
  } finally {
    bucket.client.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
