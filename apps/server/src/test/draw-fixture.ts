import { api, type DrawFamily, type DrawRecord, type DrawStatus } from '@xueba/contract';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { newFileKey } from '../providers/storage/file-keys.js';
import { callApi, createTestApp, makeUser, type Called, type TestApp } from './helpers.js';
import { startDrawPeers, type DrawPeers, type PeerOptions } from './draw-peers/index.js';
import { until } from './sse-client.js';

/** What a drawing test needs: the app pointed at the three protocol peers, and a user with drawing counts. */
export interface DrawWorld {
  t: TestApp;
  peers: DrawPeers;
  close(): Promise<void>;
}

export async function startDrawWorld(options: { peer?: PeerOptions; env?: Record<string, string>; databaseUrl?: string; peers?: DrawPeers } = {}): Promise<DrawWorld> {
  const peers = options.peers ?? (await startDrawPeers({ msPerPicture: 300, progressSteps: 3, retryAfterSeconds: 0, ...options.peer }));
  const t = await createTestApp({ JOBS_POLL_MS: '25', ...peers.env, ...options.env }, options.databaseUrl ? { databaseUrl: options.databaseUrl } : {});
  return {
    t,
    peers,
    close: async () => {
      await t.close();
      if (!options.peers) await peers.close();
    },
  };
}

export async function drawUser(t: TestApp, counts: number): Promise<{ id: number; token: string }> {
  const { user, token } = await makeUser(t.app);
  const balance = await drawBalance(t, user.id);
  const delta = counts - balance;
  if (delta !== 0) await t.app.services.ledger.apply([{ userId: user.id, asset: 'drawing_count', delta, reason: 'test', refType: 'test' }]);
  return { id: user.id, token };
}

export async function drawBalance(t: TestApp, userId: number): Promise<number> {
  return (await t.app.services.ledger.balances(userId)).drawing_count ?? 0;
}

export function submit(t: TestApp, token: string, body: Record<string, unknown>): Promise<Called<{ id: number; position: number; cost: number }>> {
  return callApi(t.app, api.drawSubmit, { token, body: { family: 'openai', prompt: 'a red apple on a table', size: '1024x1024', ...body } });
}

export async function detail(t: TestApp, token: string, id: number, locale = 'en'): Promise<DrawRecord> {
  const res = await callApi(t.app, api.drawDetail, { token, query: { id: String(id) }, locale });
  if (res.status !== 200) throw new Error(`detail ${id}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

/** Waits until the job reaches one of `statuses`, and answers it. */
export async function waitFor(t: TestApp, token: string, id: number, statuses: DrawRecord['status'][], ms = 15_000): Promise<DrawRecord> {
  let last: DrawRecord | undefined;
  await until(async () => {
    last = await detail(t, token, id);
    return statuses.includes(last.status);
  }, ms);
  return last!;
}

/** Ledger rows of one drawing (charge and refund). */
export async function ledgerOf(t: TestApp, id: number): Promise<{ delta: number; key: string | null }[]> {
  const rows = await t.owned.ctx.db.selectFrom('ledger').select(['delta', 'idempotency_key']).where('ref_type', '=', 'draw').where('ref_id', '=', String(id)).orderBy('id').execute();
  return rows.map((r) => ({ delta: Number(r.delta), key: r.idempotency_key }));
}

/** `POST /upload/image` with one file, as the page's reference-image picker sends it; answers the envelope's data or throws. */
export async function uploadImage(t: TestApp, token: string, data: Buffer, filename = 'ref.png', type = 'image/png'): Promise<{ status: number; uri: string | null }> {
  const boundary = `----draw${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = response.json() as { data: { uri: string } | null };
  return { status: response.statusCode, uri: body.data?.uri ?? null };
}


export interface FixtureImage {
  id: number;
  storageKey: string;
  thumbKey: string;
  width: number;
  height: number;
  /** The PNG as stored. */
  png: Buffer;
}

export interface FixtureRecord {
  jobId: number;
  images: FixtureImage[];
}

export interface FixtureOptions {
  status?: DrawStatus;
  /** 'draw', or another feature drawing through the same queue. */
  kind?: string;
  family?: DrawFamily;
  model?: string;
  size?: string;
  prompt?: string;
  negativePrompt?: string;
  style?: string | null;
  quality?: string | null;
  images?: number;
  /** Where the pictures are stored (decision 0017); private by default, as a user's drawings are. */
  visibility?: 'public' | 'private';
  width?: number;
  height?: number;
}

let hue = 0;

/**
 * A drawing record as a finished job leaves it: a `draw_jobs` row and its
 * `draw_images`, each a real PNG (a colour field with a darker block, so
 * scaling it shows) and a WebP thumbnail, stored through the app's storage.
 * For tests of what reads drawings (the square) without running a provider.
 */
export async function makeDrawRecord(app: FastifyInstance, userId: number, options: FixtureOptions = {}): Promise<FixtureRecord> {
  const { ctx } = app;
  const now = ctx.now();
  const count = options.images ?? 1;
  const status = options.status ?? 'success';
  const width = options.width ?? 96;
  const height = options.height ?? 64;
  const job = await ctx.db
    .insertInto('draw_jobs')
    .values({
      user_id: userId,
      kind: options.kind ?? 'draw',
      status,
      family: options.family ?? 'openai',
      channel_key: `env:${options.family ?? 'openai'}`,
      model: options.model ?? 'dall-e-3',
      generation: 'txt2img',
      prompt: options.prompt ?? 'A lighthouse on a cliff at dawn, watercolour',
      negative_prompt: options.negativePrompt ?? 'blurry',
      size: options.size ?? '1024x1024',
      style: options.style === undefined ? 'vivid' : options.style,
      quality: options.quality === undefined ? 'standard' : options.quality,
      background: null,
      n: count,
      params: JSON.stringify({}),
      cost: count,
      refunded: status === 'failed' || status === 'cancelled',
      progress: status === 'success' ? 100 : 0,
      fail_reason: status === 'failed' ? 'draw_fail_provider' : null,
      created_at: now,
      started_at: now,
      finished_at: status === 'success' || status === 'failed' || status === 'cancelled' ? now : null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const images: FixtureImage[] = [];
  for (let idx = 0; idx < count; idx += 1) {
    hue = (hue + 47) % 256;
    const block = await sharp({ create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: { r: 20, g: 30, b: 60 } } })
      .png()
      .toBuffer();
    const png = await sharp({ create: { width, height, channels: 3, background: { r: hue, g: 180, b: 255 - hue } } })
      .composite([{ input: block, left: Math.floor(width / 3), top: Math.floor(height / 3) }])
      .png()
      .toBuffer();
    const thumb = await sharp(png).resize({ width: 48 }).webp().toBuffer();
    const where = options.visibility === 'public' ? ({ visibility: 'public' } as const) : ({ visibility: 'private', userId } as const);
    const storageKey = newFileKey(now, { ...where, kind: 'draw', ext: 'png' });
    const thumbKey = newFileKey(now, { ...where, kind: 'draw', ext: 'webp' });
    await ctx.storage.put(storageKey, png, 'image/png');
    await ctx.storage.put(thumbKey, thumb, 'image/webp');
    const row = await ctx.db
      .insertInto('draw_images')
      .values({ job_id: job.id, user_id: userId, idx, storage_key: storageKey, thumb_key: thumbKey, mime: 'image/png', bytes: png.length, width, height, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    images.push({ id: row.id, storageKey, thumbKey, width, height, png });
  }
  return { jobId: job.id, images };
}
