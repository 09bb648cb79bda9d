import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_init.js';
import * as m0002 from './migrations/0002_accounts_indexes.js';
import * as m0003 from './migrations/0003_share_click_day.js';
import * as m0004 from './migrations/0004_papers.js';
import * as m0005 from './migrations/0005_chat.js';
import * as m0006 from './migrations/0006_commerce.js';
import * as m0007 from './migrations/0007_docs.js';
import * as m0008 from './migrations/0008_promotion.js';
import * as m0009 from './migrations/0009_doc_embeddings.js';
import * as m0010 from './migrations/0010_answer_turn_functions.js';
import * as m0011 from './migrations/0011_refund_clawback.js';
import * as m0013 from './migrations/0013_login_failures.js';
import * as m0014 from './migrations/0014_image_uploads.js';
import * as m0015 from './migrations/0015_retention_indexes.js';
import * as m0016 from './migrations/0016_doc_ocr.js';
import * as m0017 from './migrations/0017_draw.js';
import * as m0018 from './migrations/0018_qrcode.js';
import * as m0019 from './migrations/0019_mindmap.js';
import * as m0020 from './migrations/0020_staff_roles.js';
import * as m0026 from './migrations/0026_paper_write.js';

/** Migrations are listed in code (not read from disk) so the compiled build and the tests see the same set. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_accounts_indexes': m0002,
  '0003_share_click_day': m0003,
  '0004_papers': m0004,
  '0005_chat': m0005,
  '0006_commerce': m0006,
  '0007_docs': m0007,
  '0008_promotion': m0008,
  '0009_doc_embeddings': m0009,
  '0010_answer_turn_functions': m0010,
  '0011_refund_clawback': m0011,
  '0013_login_failures': m0013,
  '0014_image_uploads': m0014,
  '0015_retention_indexes': m0015,
  '0016_doc_ocr': m0016,
  '0017_draw': m0017,
  '0018_qrcode': m0018,
  '0019_mindmap': m0019,
  '0020_staff_roles': m0020,
  '0026_paper_write': m0026,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
