import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { DrawFamily, DrawStatus } from '@xueba/contract';
import { newFileKey } from '../providers/storage/file-keys.js';

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
