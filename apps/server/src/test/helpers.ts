import pg from 'pg';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { api, Code, envelopeSchema, type Endpoint, type Envelope, type ResponseOf } from '@xueba/contract';
import { loadEnv, type Env } from '../config/env.js';
import { createContext, type OwnedContext } from '../context.js';
import { buildApp } from '../app.js';
import { migratedImage, openDatabase } from '../platform/db/database.js';
import { MemoryFileStorage } from '../providers/storage/storage.js';
import { hashPassword } from '../platform/password.js';
import type { UserRow } from '../platform/db/schema.js';
import { captureLogger, type LogEntry } from './logger.js';

/**
 * API tests run on PGlite in memory by default, and on a fresh PostgreSQL
 * database (created here, dropped at close) when DATABASE_URL is set, so
 * the same tests prove both databases.
 */
export const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

export interface TestApp {
  app: FastifyInstance;
  owned: OwnedContext;
  storage: MemoryFileStorage;
  clock: TestClock;
  logs: string[];
  /** What the app's background work logged (ctx.log). */
  logged: LogEntry[];
  databaseUrl?: string;
  close(): Promise<void>;
}

export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * The migrated template database on the PostgreSQL server, made once per schema
 * (the same fingerprint as the embedded image) under an advisory lock, built
 * under another name and renamed when complete, so no test database is ever
 * copied from a half-migrated one. Each test database is a copy of it: the
 * server copies files instead of running every migration again.
 */
let templateSeen: string | undefined;
async function templateDatabase(admin: pg.Client, base: string): Promise<string> {
  const name = `xueba_tpl_${schemaFingerprint()}`;
  // Once this process has seen the template, later databases copy it without taking the lock.
  if (templateSeen === name) return name;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['xueba test template']);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return (templateSeen = name);
    const building = `${name}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    // Opening a PostgreSQL database migrates it, as the app does at start.
    await (await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory' })).close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Templates of earlier schemas are dead weight once a new one exists.
    const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'xueba\\_tpl\\_%' AND datname <> $1", [name]);
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    return (templateSeen = name);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['xueba test template']);
  }
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `xueba_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = await templateDatabase(admin, base);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // pg's pool.end() resolves before its connections have closed; a forced drop
      // would then kill them mid-goodbye (FATAL 57P01 as an unhandled error). Wait briefly.
      for (let i = 0; i < 40; i += 1) {
        const open = await client.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Two complete apps (pools, caches, LISTEN connections) on one fresh
 * PostgreSQL database, as two processes of a deployment would have.
 */
export async function createTwoApps(overrides: Partial<Record<string, string>> = {}): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const a = await createTestApp(overrides, { databaseUrl: database.url });
  const b = await createTestApp(overrides, { databaseUrl: database.url });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await database.drop();
    },
  };
}

const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../platform/db');

let fingerprint: string | undefined;
/** What the migrated image depends on: the migration sources and the engine's version (read once a process). */
function schemaFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = crypto.createHash('sha256');
  const files = [path.join(dbDir, 'migrate.ts'), ...fs.readdirSync(path.join(dbDir, 'migrations')).sort().map((name) => path.join(dbDir, 'migrations', name))];
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  const pglite = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(pglite).update(String(fs.statSync(pglite).mtimeMs));
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

let imageLoad: Promise<Uint8Array> | undefined;
/**
 * The migrated empty database every in-memory test app starts from: made once
 * and kept in the temp directory for the other test processes, so each app
 * loads an image (well under a second) instead of creating a cluster and
 * migrating it (several seconds). A change to a migration makes a new image.
 */
function testDatabaseImage(): Promise<Uint8Array> {
  imageLoad ??= (async () => {
    const file = path.join(os.tmpdir(), `xueba-test-db-${schemaFingerprint()}.tar`);
    if (fs.existsSync(file)) return new Uint8Array(fs.readFileSync(file));
    const image = await migratedImage();
    // Written aside and renamed: a process reading it sees all of it or none.
    const partial = `${file}.${process.pid}.part`;
    fs.writeFileSync(partial, image);
    fs.renameSync(partial, file);
    return image;
  })();
  return imageLoad;
}

export async function createTestApp(overrides: Partial<Record<string, string>> = {}, options: { databaseUrl?: string; webDist?: string } = {}): Promise<TestApp> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && ON_POSTGRES) {
    const created = await createTestDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-0123456789',
    DATA_DIR: '/nonexistent-test-data',
    // The default paper source asks OpenAlex too; tests never reach the internet: a refused local port stands in.
    OPENALEX_URL: 'http://127.0.0.1:9/',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // `npm test` runs the database-heavy files again with PGLITE_THREAD=1: the engine the served app runs (decision 0015).
    ...(process.env.PGLITE_THREAD ? { PGLITE_THREAD: process.env.PGLITE_THREAD } : {}),
    ...overrides,
  });
  let storage: MemoryFileStorage | undefined;
  const clock = new TestClock();
  const logs: string[] = [];
  const logger = captureLogger();
  const memoryImage = env.DATABASE_URL ? undefined : await testDatabaseImage();
  const owned = await createContext(env, { memory: true, memoryImage, storage: (urls) => (storage = new MemoryFileStorage(urls)), now: clock.now, log: (line) => logs.push(line), logger });
  if (!storage) throw new Error('createContext did not build the file store');
  const app = await buildApp(owned.ctx, { logger: false, webDist: options.webDist });
  await app.ready();
  return {
    app,
    owned,
    storage,
    clock,
    logs,
    logged: logger.entries,
    databaseUrl,
    close: async () => {
      await app.close();
      await owned.close();
      await dropDatabase?.();
    },
  };
}

export interface Called<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  /** Sent as JSON; left untyped so tests can send what the contract refuses. */
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  locale?: string;
  headers?: Record<string, string>;
  rawBody?: string;
  remoteAddress?: string;
}

const endpointsByRoute = new Map<string, Endpoint>(Object.values(api).map((endpoint: Endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]));

/** The contract endpoint served at this method and path (a query string is ignored), if any. */
export function endpointAt(method: 'GET' | 'POST', path: string): Endpoint | undefined {
  return endpointsByRoute.get(`${method} ${path.split('?')[0]}`);
}

const anyEnvelope = envelopeSchema(z.unknown());

/**
 * Holds an answer to the contract: every envelope has the contract's shape and
 * every success carries `data` the endpoint's response schema accepts, so a
 * server that drifts from what the web app parses fails the test that saw it.
 */
export function assertContract(endpoint: Endpoint, body: unknown): void {
  const where = `${endpoint.method} ${endpoint.path}`;
  const envelope = anyEnvelope.safeParse(body);
  if (!envelope.success) throw new Error(`${where}: the envelope does not match the contract\n${z.prettifyError(envelope.error)}`);
  if (envelope.data.code !== Code.SUCCESS) return;
  const data = endpoint.response.safeParse(envelope.data.data);
  if (!data.success) throw new Error(`${where}: data does not match the contract's response schema\n${z.prettifyError(data.error)}`);
}

async function inject<T>(app: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions): Promise<Called<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.token = options.token;
  if (options.locale) headers['accept-language'] = options.locale;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({ method, url: `/api${path}`, query: options.query, headers, payload, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) });
  const body: unknown = response.json();
  const endpoint = endpointAt(method, path);
  if (endpoint) assertContract(endpoint, body);
  return { status: response.statusCode, body: body as Envelope<T>, headers: response.headers };
}

/**
 * Calls one contract endpoint through app.inject; the answer is parsed with the
 * endpoint's schemas (see assertContract) and typed by its response schema.
 */
export function callApi<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: CallOptions = {}): Promise<Called<ResponseOf<E>>> {
  return inject<ResponseOf<E>>(app, endpoint.method, endpoint.path, options);
}

/**
 * Calls the API by path through app.inject and parses the envelope; a path the
 * contract declares is held to it as in callApi. Kept for paths outside the
 * contract (unknown routes, refusals before routing).
 */
export function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<Called<T>> {
  return inject<T>(app, method, path, options);
}

let counter = 0;
/** Makes a user directly (no codes) and signs them in; returns the row and a token. */
/** Daily tasks credit rewards when answers finish; tests that count balances to the unit switch them off. */
export async function switchOffTasks(t: TestApp): Promise<void> {
  await t.owned.ctx.db.updateTable('tasks').set({ enabled: false }).execute();
  // Written past the service: drop the task list it caches, as an admin save does.
  await t.owned.ctx.bus.publish('settings', 'tasks');
}

export async function makeUser(
  app: FastifyInstance,
  input: { email?: string; mobile?: string; password?: string; role?: 'user' | 'operator' | 'admin' } = {},
): Promise<{ user: UserRow; token: string; password: string }> {
  counter += 1;
  const password = input.password ?? 'secret123';
  const email = input.email ?? (input.mobile ? undefined : `user${counter}_${Math.random().toString(36).slice(2, 8)}@example.com`);
  const user = await app.services.accounts.create({
    email,
    mobile: input.mobile,
    passwordHash: await hashPassword(password),
    role: input.role ?? 'user',
  });
  const token = await app.sessions.create(user.id, { terminal: 'pc', ip: '127.0.0.1', userAgent: 'test' });
  return { user, token, password };
}
