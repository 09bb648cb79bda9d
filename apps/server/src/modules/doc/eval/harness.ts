import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DocType } from '@xueba/contract';
import { buildApp } from '../../../app.js';
import { loadEnv } from '../../../config/env.js';
import { createContext, type OwnedContext } from '../../../context.js';
import { MemoryFileStorage } from '../../../providers/storage/storage.js';
import { DocService } from '../doc.service.js';

/**
 * The whole document pipeline in-process (embedded PGlite in memory, or a
 * PostgreSQL URL): the app with its routes and job runner, one member user,
 * and a DocService over the same database. Used by `npm run eval:docs` and
 * `npm run bench -- docs`, so both measure the code path of /doc/upload,
 * the processing job and /doc/chat retrieval.
 */
export interface DocHarness {
  app: FastifyInstance;
  owned: OwnedContext;
  docs: DocService;
  userId: number;
  /** Uploads files (as the endpoint does), runs their processing jobs, returns the document ids. */
  ingest(files: { name: string; data: Buffer }[], type?: DocType): Promise<number[]>;
  close(): Promise<void>;
}

export async function startDocHarness(options: { databaseUrl?: string } = {}): Promise<DocHarness> {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'doc-harness-secret-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'xueba-doc-harness'),
    JOBS_POLL_MS: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const owned = await createContext(env, { memory: true, storage: (urls) => new MemoryFileStorage(urls), log: () => undefined });
  const app = await buildApp(owned.ctx, { logger: false });
  await app.ready();
  const user = await app.services.accounts.create({ email: `harness${Date.now()}@example.com`, passwordHash: 'x', role: 'user' });
  const now = new Date();
  await owned.ctx.db
    .insertInto('memberships')
    .values(['research_report', 'literature'].map((kind) => ({ user_id: user.id, kind, level: 'vip' as const, expires_at: null, created_at: now, updated_at: now })))
    .execute();
  const docs = new DocService(owned.ctx, app.services);
  return {
    app,
    owned,
    docs,
    userId: user.id,
    ingest: async (files, type = 'literature') => {
      const results = await docs.upload(
        user.id,
        type,
        files.map((f) => ({ name: f.name, data: f.data, truncated: false })),
        'en',
      );
      await app.services.jobs.drain();
      return results.map((r) => (r.ok ? r.doc.id : -1));
    },
    close: async () => {
      await app.close();
      await owned.close();
    },
  };
}
