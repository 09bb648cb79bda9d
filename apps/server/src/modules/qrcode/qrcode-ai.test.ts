import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type QrRecord } from '@xueba/contract';
import { callApi, makeUser } from '../../test/helpers.js';
import { SD_PEER_AUTH, SD_PEER_MODELS } from '../../test/draw-peers/index.js';
import { drawBalance, drawUser, ledgerOf, startDrawWorld, uploadImage, type DrawWorld } from '../../test/draw-world.js';
import { storedFile } from '../../test/qr-fixture.js';
import { until } from '../../test/sse-client.js';
import { verify } from './decode/index.js';

const URL_CODE = { type: 'url', data: { url: 'https://example.edu/lab/open-day' } } as const;
const charge = (id: number, cost = 1) => ({ delta: -cost, key: `draw:${id}:charge` });
const refund = (id: number, cost = 1) => ({ delta: cost, key: `draw:${id}:refund` });

/** A port nothing listens on: a channel that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('AI art QR codes on the drawing queue', () => {
  let w: DrawWorld;
  let admin: string;
  beforeAll(async () => {
    // Slow enough that each attempt's progress is seen between polls.
    w = await startDrawWorld({ peer: { msPerPicture: 1200, progressSteps: 4 } });
    admin = (await makeUser(w.t.app, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await w.close();
  });

  const submit = (token: string, body: Record<string, unknown> = {}) => callApi(w.t.app, api.qrcodeAi, { token, body: { ...URL_CODE, prompt: 'a flower garden seen from above', size: '512x512', model: SD_PEER_MODELS[1], ...body }, locale: 'en' });
  const detail = async (token: string, id: number) => (await callApi(w.t.app, api.qrcodeDetail, { token, query: { id: String(id) }, locale: 'en' })).body.data;
  async function watch(token: string, id: number, ms = 20_000): Promise<QrRecord[]> {
    const seen: QrRecord[] = [];
    await until(async () => {
      const record = await detail(token, id);
      seen.push(record);
      return !['queued', 'running'].includes(record.status);
    }, ms);
    return seen;
  }
  const sdCalls = () => w.peers.sd.calls.filter((c) => c.path.startsWith('/sdapi/v1/txt2img') || c.path.startsWith('/sdapi/v1/img2img'));
  const weights = (from: number) => sdCalls().slice(from).map((c) => (c.params.alwayson_scripts as { ControlNet: { args: { weight: number }[] } }).ControlNet.args.map((a) => a.weight));

  it('draws again with a stronger weight when a picture does not scan, keeps the first that does, and shows each attempt', async () => {
    const user = await drawUser(w.t, 3);
    const before = sdCalls().length;
    w.peers.sd.script(['unscannable']);
    const res = await submit(user.token);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.cost).toBe(1);
    const seen = await watch(user.token, res.body.data.id);
    const done = seen.at(-1)!;
    expect(done.status).toBe('success');
    expect(done.draw).toMatchObject({ status: 'success', attempt: 2, attempts: 3, progress: 100, refunded: false, cost: 1 });
    // Progress counts over all attempts: the second attempt was seen past the first's share.
    expect(seen.some((r) => r.draw!.attempt === 2 && r.draw!.progress > 33 && r.draw!.progress < 100)).toBe(true);
    expect(weights(before)).toEqual([[1.1], [1.25]]);
    expect(done.verified).toEqual({ zxing: true, jsqr: true, sizes: [512, 256, 128] });
    // The code's picture is recorded with the success, never after it.
    expect(seen.filter((r) => r.status === 'success').every((r) => r.png_url !== null && r.verified !== null)).toBe(true);
    const png = storedFile(w.t, done.png_url!)!;
    expect((await verify(png, done.content)).ok).toBe(true);
    expect(storedFile(w.t, done.thumb_url!)).toBeDefined();
    expect(await ledgerOf(w.t, done.draw!.draw_id)).toEqual([charge(done.draw!.draw_id)]);
    expect(await drawBalance(w.t, user.id)).toBe(2);
    // It is a QR code, not one of the user's drawings.
    const drawings = await callApi(w.t.app, api.drawRecords, { token: user.token, query: { page_no: '1', page_size: '10' } });
    expect(drawings.body.data.count).toBe(0);
    const mismatch = await callApi(w.t.app, api.qrcodeMismatch, { token: user.token, query: { id: String(done.id) } });
    expect(mismatch.status).toBe(200);
    expect(mismatch.body.data.ratio).toBeLessThan(0.05);
  });

  it('fails when no attempt scans, explains it, and gives the count back once', async () => {
    const user = await drawUser(w.t, 1);
    const before = sdCalls().length;
    w.peers.sd.script(['unscannable', 'unscannable', 'unscannable']);
    const res = await submit(user.token);
    const done = (await watch(user.token, res.body.data.id)).at(-1)!;
    expect(done.status).toBe('failed');
    expect(done.draw).toMatchObject({ fail_reason: 'qrcode_fail_unreadable', attempt: 3, attempts: 3, refunded: true });
    expect(done.draw!.fail_text).toContain('None of the 3 pictures scanned');
    expect(done.png_url).toBeNull();
    expect(weights(before)).toEqual([[1.1], [1.25], [1.4]]);
    const id = done.draw!.draw_id;
    expect(await ledgerOf(w.t, id)).toEqual([charge(id), refund(id)]);
    expect(await drawBalance(w.t, user.id)).toBe(1);
  });

  it('uses the brightness + tile recipe with the weight shared out, and img2img from the user\'s upload', async () => {
    await callApi(w.t.app, api.adminQrSettingsSave, { token: admin, body: { recipe: 'brightness_tile', weight: 1, weight_step: 0.2, max_attempts: 2 } });
    const user = await drawUser(w.t, 2);
    const reference = await uploadImage(w.t, user.token, await sharp({ create: { width: 512, height: 512, channels: 3, background: '#6a8' } }).png().toBuffer());
    const before = sdCalls().length;
    const res = await submit(user.token, { generation: 'img2img', reference_image: reference.uri, denoising_strength: 0.7, size: '768x512' });
    expect(res.status, res.body.msg).toBe(200);
    const done = (await watch(user.token, res.body.data.id)).at(-1)!;
    expect(done.status).toBe('success');
    expect(done.draw).toMatchObject({ attempt: 1, attempts: 2 });
    const call = sdCalls()[before]!;
    expect(call.path).toBe('/sdapi/v1/img2img');
    expect(call.params).toMatchObject({ init_images: 1, denoising_strength: 0.7 });
    const units = (call.params.alwayson_scripts as { ControlNet: { args: Record<string, unknown>[] } }).ControlNet.args;
    expect(units).toEqual([
      expect.objectContaining({ model: 'control_v1p_sd15_brightness', weight: 0.4, module: 'none', control_mode: 'Balanced', pixel_perfect: false }),
      expect.objectContaining({ model: 'control_v11f1e_sd15_tile', weight: 0.6, guidance_start: 0, guidance_end: 1 }),
    ]);
    // Drawn wider than square: the code sits in the middle square, where the mismatch view finds it.
    expect((await sharp(storedFile(w.t, done.png_url!)!).metadata()).width).toBe(768);
    const mismatch = await callApi(w.t.app, api.qrcodeMismatch, { token: user.token, query: { id: String(done.id) } });
    expect(mismatch.body.data.ratio).toBeLessThan(0.05);
    await callApi(w.t.app, api.adminQrSettingsSave, { token: admin, body: {} });
  });

  it('cancels a running code and deletes an open one, each refunded once; two tabs cannot both spend the last count', async () => {
    const user = await drawUser(w.t, 2);
    w.peers.sd.script(['hang', 'hang']);
    const first = (await submit(user.token)).body.data;
    await until(async () => (await detail(user.token, first.id)).status === 'running');
    for (let i = 0; i < 2; i += 1) {
      const cancelled = await callApi(w.t.app, api.qrcodeCancel, { token: user.token, body: { id: first.id } });
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', draw: { refunded: true } });
    }
    expect(await ledgerOf(w.t, first.draw_id)).toEqual([charge(first.draw_id), refund(first.draw_id)]);
    const second = (await submit(user.token)).body.data;
    expect((await callApi(w.t.app, api.qrcodeDelete, { token: user.token, body: { id: second.id } })).status).toBe(200);
    expect(await ledgerOf(w.t, second.draw_id)).toEqual([charge(second.draw_id), refund(second.draw_id)]);
    expect(await w.t.owned.ctx.db.selectFrom('draw_jobs').select('id').where('id', '=', second.draw_id).execute()).toHaveLength(0);
    expect((await callApi(w.t.app, api.qrcodeDetail, { token: user.token, query: { id: String(second.id) } })).status).toBe(404);
    expect(await drawBalance(w.t, user.id)).toBe(2);

    const last = await drawUser(w.t, 1);
    const both = await Promise.all([submit(last.token), submit(last.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.key).toBe('draw_insufficient');
    expect(await drawBalance(w.t, last.id)).toBe(0);
    expect(await w.t.owned.ctx.db.selectFrom('qr_codes').select('id').where('user_id', '=', last.id).execute()).toHaveLength(1);
  });

  it('refuses bad input before charging: content too long, no upload for img2img, a size not offered, visitors', async () => {
    const user = await drawUser(w.t, 1);
    const refused = async (body: Record<string, unknown>, key: string) => {
      const res = await submit(user.token, body);
      expect(res.body.key, JSON.stringify(res.body)).toBe(key);
    };
    // At level H nothing holds 2,000 bytes; the refusal names a version and level that do.
    await refused({ type: 'text', data: { text: 'z'.repeat(2000) } }, 'qrcode_too_long_fit');
    await refused({ type: 'text', data: { text: 'z'.repeat(3000) } }, 'qrcode_too_long');
    await refused({ generation: 'img2img' }, 'draw_reference_required');
    await refused({ size: '3000x3000' }, 'draw_size_invalid');
    await refused({ prompt: '  ' }, 'draw_prompt_required');
    await refused({ type: 'wifi', data: { ssid: 'x', password: '1', encryption: 'WPA' } }, 'qrcode_wifi_password_invalid');
    expect(await drawBalance(w.t, user.id)).toBe(1);
    expect((await callApi(w.t.app, api.qrcodeAi, { body: { ...URL_CODE, prompt: 'x', size: '512x512' } })).status).toBe(401);
  });

  it('fails a code whose channel is down (after the retries) or past its deadline, refunded once; no channel: AI is off', async () => {
    const dead = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'sd', name: 'down', base_url: `http://127.0.0.1:${await closedPort()}`, api_key: SD_PEER_AUTH, enabled: true, concurrency: 1, timeout_seconds: 10, offers: [{ model: 'dead-model', size: '512x512', price: 1 }] },
    });
    expect(dead.status, dead.body.msg).toBe(200);
    const slow = await callApi(w.t.app, api.adminDrawChannelSave, {
      token: admin,
      body: { family: 'sd', name: 'slow', base_url: w.peers.sd.url, api_key: SD_PEER_AUTH, enabled: true, concurrency: 1, timeout_seconds: 10, offers: [{ model: SD_PEER_MODELS[0]!, size: '512x512', price: 2 }] },
    });
    const user = await drawUser(w.t, 3);
    const down = (await submit(user.token, { model: 'dead-model' })).body.data;
    w.peers.sd.script(['hang']);
    const stuck = (await submit(user.token, { model: SD_PEER_MODELS[0] })).body.data;
    expect(stuck.cost).toBe(2);
    const [downDone, stuckDone] = await Promise.all([watch(user.token, down.id, 40_000), watch(user.token, stuck.id, 20_000)]);
    expect(downDone.at(-1)!.draw).toMatchObject({ status: 'failed', fail_reason: 'draw_fail_busy', refunded: true });
    expect(stuckDone.at(-1)!.draw).toMatchObject({ status: 'failed', fail_reason: 'draw_fail_timeout', refunded: true });
    expect(await ledgerOf(w.t, stuck.draw_id)).toEqual([charge(stuck.draw_id, 2), refund(stuck.draw_id, 2)]);
    expect(await drawBalance(w.t, user.id)).toBe(3);
    for (const saved of [dead, slow]) await callApi(w.t.app, api.adminDrawChannelDelete, { token: admin, body: { id: saved.body.data.id! } });

    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'sd', enabled: false } });
    expect((await callApi(w.t.app, api.qrcodeOptions, { token: user.token })).body.data.ai).toMatchObject({ enabled: false, models: [] });
    const off = await submit(user.token);
    expect([off.status, off.body.key]).toEqual([403, 'qrcode_ai_disabled']);
    await callApi(w.t.app, api.adminDrawChannelToggle, { token: admin, body: { env_family: 'sd', enabled: true } });
  }, 60_000);
});
