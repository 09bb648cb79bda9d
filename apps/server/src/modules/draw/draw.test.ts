import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DALLE3_SIZES, type DrawRecord } from '@xueba/contract';
import { callApi } from '../../test/helpers.js';
import { SD_PEER_MODELS, SD_PEER_SAMPLERS, YJ_PEER_ENGINES } from '../../test/draw-peers/index.js';
import { detail, drawBalance, drawUser, ledgerOf, startDrawWorld, submit, uploadImage, type DrawWorld } from '../../test/draw-fixture.js';
import { until } from '../../test/sse-client.js';

describe('drawing on the three families', () => {
  let w: DrawWorld;
  beforeAll(async () => {
    w = await startDrawWorld({ peer: { msPerPicture: 900, progressSteps: 4 } });
  });
  afterAll(async () => {
    await w.close();
  });

  it('offers every family with a channel: models, sizes, prices, samplers, styles and the balance', async () => {
    const user = await drawUser(w.t, 7);
    const res = await callApi(w.t.app, api.drawOptions, { token: user.token, locale: 'en' });
    expect(res.status).toBe(200);
    const options = res.body.data;
    expect(options.enabled).toBe(true);
    expect(options.balance).toBe(7);
    expect(options.families.map((f) => f.family)).toEqual(['openai', 'sd', 'yj']);
    const openai = options.families.find((f) => f.family === 'openai')!;
    const dalle = openai.models.find((m) => m.model === 'dall-e-3')!;
    expect(dalle.sizes.map((s) => s.size)).toEqual([...DALLE3_SIZES]);
    expect(dalle.sizes.every((s) => s.price === 1)).toBe(true);
    expect(dalle.max_pictures).toBe(1);
    expect(dalle.styles).toEqual(['vivid', 'natural']);
    expect(openai.models.find((m) => m.model === 'gpt-image-1')?.backgrounds).toContain('transparent');
    const sd = options.families.find((f) => f.family === 'sd')!;
    expect(sd.models.map((m) => m.model)).toEqual(SD_PEER_MODELS);
    expect(sd.samplers).toEqual(SD_PEER_SAMPLERS);
    expect(options.families.find((f) => f.family === 'yj')!.models.map((m) => m.model)).toEqual(YJ_PEER_ENGINES);
    expect(options.styles.find((s) => s.key === 'photo')?.name).toBe('Photography');
    // A visitor sees the offer without a balance.
    const visitor = await callApi(w.t.app, api.drawOptions, {});
    expect(visitor.body.data.balance).toBeNull();
  });

  async function drawAndWatch(token: string, body: Record<string, unknown>): Promise<{ record: DrawRecord; seen: DrawRecord[] }> {
    const res = await submit(w.t, token, body);
    expect(res.status, res.body.msg).toBe(200);
    const seen: DrawRecord[] = [];
    await until(async () => {
      const record = await detail(w.t, token, res.body.data.id);
      seen.push(record);
      return record.status === 'success' || record.status === 'failed';
    }, 20_000);
    return { record: seen.at(-1)!, seen };
  }

  it('draws on openai: pictures stored with WebP thumbnails, the revised prompt kept, one count charged', async () => {
    const user = await drawUser(w.t, 5);
    const { record } = await drawAndWatch(user.token, { family: 'openai', model: 'dall-e-3', size: '1792x1024', quality: 'hd', style: 'natural' });
    expect(record.status).toBe('success');
    expect(record.progress).toBe(100);
    expect(record.cost).toBe(1);
    expect(record.images).toHaveLength(1);
    const image = record.images[0]!;
    expect([image.width, image.height]).toEqual([1792, 1024]);
    expect(image.url).toMatch(/^\/files\/public\/draw\//);
    const thumb = w.t.storage.files.get(image.thumb_url.slice('/files/'.length));
    expect(thumb).toBeDefined();
    const meta = await sharp(thumb!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(record.revised_prompt).toBeTruthy();
    expect(await drawBalance(w.t, user.id)).toBe(4);
    const call = w.peers.openai.calls.at(-1)!;
    expect(call.params).toMatchObject({ model: 'dall-e-3', size: '1792x1024', quality: 'hd', style: 'natural' });
  });

  it('draws on sd with progress and a live preview on the way, and records the seed', async () => {
    const user = await drawUser(w.t, 5);
    const { record, seen } = await drawAndWatch(user.token, { family: 'sd', model: SD_PEER_MODELS[1], size: '512x768', n: 2, sampler: 'Euler a', steps: 12, cfg_scale: 6, negative_prompt: 'blurry' });
    expect(record.status).toBe('success');
    expect(record.cost).toBe(2);
    expect(record.images.map((i) => [i.width, i.height])).toEqual([
      [512, 768],
      [512, 768],
    ]);
    expect(record.seed).not.toBeNull();
    const midway = seen.filter((r) => r.status === 'running' && r.progress > 0 && r.progress < 100);
    expect(midway.length).toBeGreaterThan(0);
    expect(seen.some((r) => r.preview_url !== null)).toBe(true);
    expect(await drawBalance(w.t, user.id)).toBe(3);
  });

  it('draws on yj with the provider queue and progress', async () => {
    const user = await drawUser(w.t, 5);
    // YJ is polled once a second: three pictures (one task each, drawn one after another) take long enough to watch.
    const { record, seen } = await drawAndWatch(user.token, { family: 'yj', model: YJ_PEER_ENGINES[0], size: '3:4', n: 3 });
    expect(record.status).toBe('success');
    expect(record.images).toHaveLength(3);
    expect(seen.some((r) => r.status === 'running' && r.progress > 0 && r.progress < 100)).toBe(true);
    expect(await drawBalance(w.t, user.id)).toBe(2);
  });

  it('img2img on sd with the user\'s own uploaded reference', async () => {
    const user = await drawUser(w.t, 5);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const up = await uploadImage(w.t, user.token, png);
    expect(up.status).toBe(200);
    const { record } = await drawAndWatch(user.token, { family: 'sd', model: SD_PEER_MODELS[0], size: '512x512', generation: 'img2img', reference_image: up.uri, denoising_strength: 0.4 });
    expect(record.status).toBe('success');
    expect(record.generation).toBe('img2img');
    const call = w.peers.sd.calls.filter((c) => c.path.includes('img2img')).at(-1);
    expect(call?.params).toMatchObject({ denoising_strength: 0.4 });
  });

  it('selects and unselects pictures; records filter by status, family and selection, newest first, paged', async () => {
    const user = await drawUser(w.t, 10);
    const a = await drawAndWatch(user.token, { family: 'sd', model: SD_PEER_MODELS[0], size: '512x512', n: 2 });
    const b = await drawAndWatch(user.token, { family: 'openai', size: '1024x1024' });
    const first = a.record.images[0]!;
    const selected = await callApi(w.t.app, api.drawSelect, { token: user.token, body: { image_id: first.id, selected: true } });
    expect(selected.body.data).toMatchObject({ id: first.id, selected: true, square_id: null });
    // Someone else cannot touch it.
    const other = await drawUser(w.t, 0);
    expect((await callApi(w.t.app, api.drawSelect, { token: other.token, body: { image_id: first.id, selected: false } })).status).toBe(404);
    const list = async (query: Record<string, string>) => (await callApi(w.t.app, api.drawRecords, { token: user.token, query: { page_no: '1', page_size: '10', ...query } })).body.data;
    expect((await list({})).lists.map((r) => r.id)).toEqual([b.record.id, a.record.id]);
    expect((await list({ selected: '1' })).lists.map((r) => r.id)).toEqual([a.record.id]);
    expect((await list({ selected: '0' })).lists.map((r) => r.id)).toEqual([b.record.id]);
    expect((await list({ family: 'sd' })).lists.map((r) => r.id)).toEqual([a.record.id]);
    expect((await list({ status: 'failed' })).count).toBe(0);
    const paged = await list({ page_size: '1', page_no: '2' });
    expect(paged).toMatchObject({ count: 2, page_no: 2, page_size: 1 });
    expect(paged.lists.map((r) => r.id)).toEqual([a.record.id]);
    await callApi(w.t.app, api.drawSelect, { token: user.token, body: { image_id: first.id, selected: false } });
    expect((await list({ selected: '1' })).count).toBe(0);
    // Another user's records are not theirs to read.
    expect((await callApi(w.t.app, api.drawDetail, { token: other.token, query: { id: String(a.record.id) } })).status).toBe(404);
  });

  it('deletes a record with its pictures from storage', async () => {
    const user = await drawUser(w.t, 3);
    const { record } = await drawAndWatch(user.token, { family: 'openai', size: '1024x1024' });
    const keys = record.images.flatMap((i) => [i.url, i.thumb_url]).map((u) => u.slice('/files/'.length));
    expect(keys.every((k) => w.t.storage.files.has(k))).toBe(true);
    const res = await callApi(w.t.app, api.drawDelete, { token: user.token, body: { id: record.id } });
    expect(res.status).toBe(200);
    expect(keys.some((k) => w.t.storage.files.has(k))).toBe(false);
    expect((await callApi(w.t.app, api.drawDetail, { token: user.token, query: { id: String(record.id) } })).status).toBe(404);
    // A success is not refunded by deleting it.
    expect(await ledgerOf(w.t, record.id)).toEqual([{ delta: -1, key: `draw:${record.id}:charge` }]);
  });
});
