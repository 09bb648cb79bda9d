import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { api as contract, docFileUrlSchema, type DocItem, type Envelope } from '@xueba/contract';
import { loadEnv } from '../../config/env.js';
import { createContext, type OwnedContext } from '../../context.js';
import { buildApp } from '../../app.js';
import { createTestDatabase, makeUser, ON_POSTGRES, callApi } from '../../test/helpers.js';
import { corpusFile, memberUser, multipart, uploadDocs } from '../../test/doc-fixture.js';
import { captureLogger } from '../../test/logger.js';
import { zipWith } from '../../test/zip-fixture.js';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { S3FileStorage } from './s3-storage.js';

/** An app whose file store is chosen by the environment, as in production: the S3 bucket of `peer`. */
interface S3App {
  app: FastifyInstance;
  owned: OwnedContext;
  close(): Promise<void>;
}

function s3Env(peer: S3Peer, extra: Record<string, string> = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-0123456789',
    DATA_DIR: '/nonexistent-test-data',
    OPENALEX_URL: 'http://127.0.0.1:9/',
    JOBS_POLL_MS: '0',
    ...peer.env,
    ...extra,
  });
}

async function s3App(peer: S3Peer, databaseUrl?: string, extra: Record<string, string> = {}): Promise<S3App> {
  const owned = await createContext(s3Env(peer, { ...extra, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), { memory: true, log: () => undefined, logger: captureLogger() });
  const app = await buildApp(owned.ctx, { logger: false });
  await app.ready();
  return {
    app,
    owned,
    close: async () => {
      await app.close();
      await owned.close();
    },
  };
}

/** Drives the jobs of `worker` until the document left processing; returns its detail as `reader` sees it. */
async function processed(worker: FastifyInstance, reader: FastifyInstance, token: string, id: number): Promise<DocItem> {
  for (let i = 0; i < 200; i += 1) {
    await worker.services.jobs.drain();
    const detail = await callApi(reader, contract.docDetail, { token, query: { id: String(id) } });
    if (detail.body.data.status !== 'processing') return detail.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('document did not finish processing');
}

const PDF = corpusFile('pdf/naacl2018_N18-3011.pdf');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-rest-of-a-png')]);

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer?.close();
});

describe('documents on an S3-compatible bucket', () => {
  let t: S3App;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = ON_POSTGRES ? await createTestDatabase() : undefined;
    drop = database?.drop;
    t = await s3App(peer, database?.url);
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it('selects the bucket from the environment', () => {
    expect(t.owned.ctx.storage).toBeInstanceOf(S3FileStorage);
  });

  it('uploads a PDF into the bucket, parses it from there and serves it to its owner by a presigned URL', async () => {
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    const owner = await memberUser(t.app, admin);
    const other = await memberUser(t.app, admin);
    const up = await uploadDocs(t.app, owner.token, [{ filename: 'paper.pdf', data: PDF }]);
    expect(up.status).toBe(200);
    const id = up.body.data.files[0]!.doc!.id;
    const doc = await processed(t.app, t.app, owner.token, id);
    expect(doc.status).toBe('complete');
    expect(doc.pages).toBeGreaterThan(0);

    const signed = await callApi(t.app, contract.docFileUrl, { token: owner.token, query: { id: String(id) } });
    const { url } = docFileUrlSchema.parse(signed.body.data);
    // The bucket's own presigned URL, not one this process answers.
    expect(url.startsWith(`${peer.endpoint}/${peer.bucket}/private/${owner.user.id}/documents/`)).toBe(true);
    expect(url).toContain('X-Amz-Expires=');
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    // The PDF viewer fetches that URL: the page's policy lets it connect to the bucket.
    const page = await t.app.inject({ method: 'GET', url: '/api/doc/list', headers: { token: owner.token } });
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' ${peer.endpoint}`);

    // The session download streams from the bucket too; another member gets nothing.
    const api = await t.app.inject({ method: 'GET', url: `/api/doc/file?id=${id}`, headers: { token: owner.token } });
    expect(api.statusCode).toBe(200);
    expect(api.rawPayload.equals(PDF)).toBe(true);
    expect((await callApi(t.app, contract.docFileUrl, { token: other.token, query: { id: String(id) } })).status).toBe(404);
    const key = new URL(url).pathname.slice(`/${peer.bucket}/`.length);
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}`, headers: { token: other.token } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}`, headers: { token: owner.token } })).rawPayload.equals(PDF)).toBe(true);

    // An object gone from the bucket is a 404, not a crash.
    await t.owned.ctx.storage.remove(key);
    const gone = await t.app.inject({ method: 'GET', url: `/api/doc/file?id=${id}`, headers: { token: owner.token, 'accept-language': 'en' } });
    expect(gone.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}`, headers: { token: owner.token } })).statusCode).toBe(404);
  });

  it('streams uploads into the bucket (a large one in parts); refused files, one of them as it passes 20 MB, leave nothing there', async () => {
    const MB = 1024 * 1024;
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    const owner = await memberUser(t.app, admin);
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
    const up = await uploadDocs(t.app, owner.token, [
      { filename: 'big.pdf', data: pdf(12 * MB) },
      { filename: 'huge.pdf', data: pdf(20 * MB + 1) },
      // A ZIP without word/document.xml: refused after its directory was read back from the bucket by range.
      { filename: 'fake.docx', data: zipWith('readme.txt', Buffer.from('not a document')) },
    ]);
    expect(up.status).toBe(200);
    expect(up.body.data.files.map((f) => f.error)).toEqual([null, 'file_too_large', 'doc_unsupported_type']);
    const stored: { key: string; size: number }[] = [];
    for await (const file of t.owned.ctx.storage.list(`private/${owner.user.id}/`)) stored.push(file);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.size).toBe(12 * MB);
  }, 120_000);

  it('refuses a presigned URL once it has expired', async () => {
    const key = `private/1/documents/2026/05/expired.pdf`;
    await t.owned.ctx.storage.put(key, PDF, 'application/pdf');
    const store = new S3FileStorage((t.owned.ctx.storage as S3FileStorage).settings, () => new Date(Date.now() - 3600_000));
    const old = await store.privateUrl(key, { userId: 1, ttlSeconds: 600 });
    const answer = await fetch(old.url);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
    store.client.destroy();
  });

  it('streams public images through /files when the bucket has no public address', async () => {
    const token = (await makeUser(t.app)).token;
    const body = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { 'content-type': body.contentType, token }, payload: body.payload });
    const uploaded = (response.json() as Envelope<{ uri: string }>).data;
    expect(uploaded.uri).toMatch(/^\/files\/public\/images\//);
    const served = await t.app.inject({ method: 'GET', url: uploaded.uri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('public files behind a CDN', () => {
  let t: S3App;
  beforeAll(async () => {
    t = await s3App(peer, undefined, { S3_PUBLIC_URL: 'https://cdn.example.com/xueba' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers an uploaded image's address on S3_PUBLIC_URL, where the bucket's key is", async () => {
    const token = (await makeUser(t.app)).token;
    const body = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { 'content-type': body.contentType, token }, payload: body.payload });
    const uploaded = (response.json() as Envelope<{ url: string; uri: string }>).data;
    expect(uploaded.url).toMatch(/^https:\/\/cdn\.example\.com\/xueba\/public\/images\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.png$/);
    expect(uploaded.uri).toBe(uploaded.url);
    const key = uploaded.url.slice('https://cdn.example.com/xueba/'.length);
    const stored = await t.owned.ctx.storage.open(key);
    expect(stored?.size).toBe(PNG.length);
    stored?.stream.destroy();
  });
});

describe('start-up against a bucket', () => {
  it('refuses to start with wrong credentials, naming the bucket', async () => {
    await expect(createContext(s3Env(peer, { S3_ACCESS_KEY_ID: 'WRONG' }), { memory: true, log: () => undefined, logger: captureLogger() })).rejects.toThrow(
      /S3 bucket "xueba-test" .* credentials .* were refused/,
    );
  });

  it('refuses a half configuration', () => {
    expect(() => s3Env(peer, { S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ S3_ENDPOINT: peer.endpoint })).toThrow(/S3_ENDPOINT set without S3_BUCKET/);
  });
});

/** Two processes of one deployment: one PostgreSQL, one bucket. */
describe.skipIf(!ON_POSTGRES)('two app processes sharing PostgreSQL and the bucket', () => {
  let a: S3App;
  let b: S3App;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    a = await s3App(peer, database.url);
    b = await s3App(peer, database.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('processes and serves on one process what was uploaded through the other', async () => {
    const admin = (await makeUser(a.app, { role: 'admin' })).token;
    const owner = await memberUser(a.app, admin);
    const up = await uploadDocs(a.app, owner.token, [{ filename: 'paper.pdf', data: PDF }]);
    const id = up.body.data.files[0]!.doc!.id;
    // B's worker parses it: the bytes come from the bucket, not from A's disk.
    const doc = await processed(b.app, b.app, owner.token, id);
    expect(doc.status).toBe('complete');
    const page = await callApi(b.app, contract.docPage, { token: owner.token, query: { id: String(id), page: '1' } });
    expect(page.status).toBe(200);
    const signed = await callApi(b.app, contract.docFileUrl, { token: owner.token, query: { id: String(id) } });
    const served = await fetch(signed.body.data.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const streamed = await b.app.inject({ method: 'GET', url: `/api/doc/file?id=${id}`, headers: { token: owner.token } });
    expect(streamed.rawPayload.equals(PDF)).toBe(true);
  });
});
