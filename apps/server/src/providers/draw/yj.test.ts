import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drawPicture } from '../../test/draw-peers/peer-kit.js';
import { startYjPeer, yjSign, YJ_PEER_ENGINES, YJ_PEER_KEY, YJ_PEER_SECRET } from '../../test/draw-peers/yj-peer.js';
import type { DrawRequest } from './draw-provider.js';
import { drawRequest, providerFailure, recordingHooks } from '../../test/draw-provider-kit.js';
import { YjProvider, yjSignature } from './yj.js';

type Peer = Awaited<ReturnType<typeof startYjPeer>>;
let peer: Peer;

beforeAll(async () => {
  peer = await startYjPeer({ msPerPicture: 400, progressSteps: 4, retryAfterSeconds: 5 });
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  peer.calls.length = 0;
});

function provider(overrides: { secret?: string; requestTimeoutMs?: number; url?: string } = {}) {
  return new YjProvider(
    { family: 'yj', baseUrl: overrides.url ?? peer.url, apiKey: YJ_PEER_KEY, secret: overrides.secret ?? YJ_PEER_SECRET, requestTimeoutMs: overrides.requestTimeoutMs ?? 10_000, models: YJ_PEER_ENGINES },
    { pollMs: 50 },
  );
}

function request(overrides: Partial<DrawRequest> = {}): DrawRequest {
  return drawRequest({ model: 'anything_diffusion', prompt: '山间的小屋，水彩', size: '1:1', style: '水彩绘画', ...overrides });
}

const hooks = recordingHooks;

const failure = providerFailure;

const puts = () => peer.calls.filter((c) => c.path.endsWith('/put_task'));

describe('意间AI provider against the local open API', () => {
  it('signs like the public clients: md5 of the key-sorted fields with apisecret', () => {
    const fields = { timestamp: '1700000000', apikey: 'k', prompt: 'a b&c' };
    // Sorted: apikey, apisecret, prompt, timestamp — values as they are.
    // md5('apikey=k&apisecret=s&prompt=a b&c&timestamp=1700000000'), computed elsewhere.
    expect(yjSignature(fields, 's')).toBe('42975dc6fdb28caf05515d8f4277fec9');
    // The peer checks with its own implementation.
    expect(yjSign(fields, 's')).toBe('42975dc6fdb28caf05515d8f4277fec9');
  });

  it('puts a task, reports its uuid at once, polls it to the end and fetches the picture', async () => {
    const { progress, tasks, hooks: h } = hooks();
    const result = await provider().draw(request(), h);
    expect(tasks).toHaveLength(1);
    expect(peer.tasks.has(tasks[0]!)).toBe(true);
    const meta = await sharp(result.pictures[0]!.data).metadata();
    expect([result.pictures[0]!.mime, meta.width, meta.height]).toEqual(['image/png', 640, 640]);
    expect(result.seed).toEqual(expect.any(Number));
    expect(puts()[0]!.params).toMatchObject({ apikey: YJ_PEER_KEY, prompt: '山间的小屋，水彩', ratio: '2', engine: 'anything_diffusion', style: '水彩绘画', sign_ok: true });
    expect(peer.calls.every((c) => c.params.sign_ok === true)).toBe(true);
    const values = progress.map((p) => p.progress);
    expect(values[0]).toBe(0);
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('maps ratios to the API codes', async () => {
    const result = await provider().draw(request({ size: '16:9' }), hooks().hooks);
    expect(puts()[0]!.params.ratio).toBe('3');
    expect((await sharp(result.pictures[0]!.data).metadata()).width).toBe(768);
    expect((await failure(provider().draw(request({ size: '2:1' }), hooks().hooks))).kind).toBe('provider');
  });

  it('is refused by the peer with a wrong secret', async () => {
    const error = await failure(provider({ secret: 'not-the-secret' }).draw(request(), hooks().hooks));
    expect(error.kind).toBe('provider');
    expect(error.message).toMatch(/sign/);
    expect(puts()[0]!.params.sign_ok).toBe(false);
  });

  it('reports the place in line while queued behind another task', async () => {
    const first = hooks();
    const second = hooks();
    await Promise.all([provider().draw(request({ prompt: 'first' }), first.hooks), provider().draw(request({ prompt: 'second' }), second.hooks)]);
    expect(second.progress.some((p) => p.providerQueue === 1)).toBe(true);
  });

  it('draws n pictures as n tasks, reporting the growing list of uuids', async () => {
    const { tasks, hooks: h } = hooks();
    const result = await provider().draw(request({ n: 2 }), h);
    expect(result.pictures).toHaveLength(2);
    expect(tasks).toHaveLength(2);
    expect(tasks[1]!.split(',')).toEqual([tasks[0], expect.any(String)]);
  });

  it('resumes polling after a restart without putting the task again', async () => {
    const dying = new AbortController();
    const { tasks, hooks: h } = hooks(dying.signal);
    const first = provider().draw(request({ prompt: 'survives a restart' }), h);
    while (tasks.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    dying.abort();
    expect((await failure(first)).kind).toBe('aborted');
    // A new process: a new client, the task id from the job.
    const result = await provider().resume(tasks[0]!, request({ prompt: 'survives a restart' }), hooks().hooks);
    expect(result.pictures).toHaveLength(1);
    expect(puts()).toHaveLength(1);
    // With n = 2 and one task known, only the missing one is put.
    peer.calls.length = 0;
    const resumed = hooks();
    const both = await provider().resume(tasks[0]!, request({ n: 2 }), resumed.hooks);
    expect(both.pictures).toHaveLength(2);
    expect(puts()).toHaveLength(1);
    expect(resumed.tasks[0]!.startsWith(`${tasks[0]!},`)).toBe(true);
  });

  it('sends the reference picture for img2img', async () => {
    const reference = await drawPicture('ref', 64, 64);
    await provider().draw(request({ generation: 'img2img', referenceImage: { data: reference, mime: 'image/png' }, denoisingStrength: 0.3 }), hooks().hooks);
    expect(puts()[0]!.params).toMatchObject({ init_strength: '30', init_image: `${reference.toString('base64').length} chars` });
  });

  it('maps an audit failure to refused', async () => {
    peer.script(['refuse']);
    const error = await failure(provider().draw(request(), hooks().hooks));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/审核/);
  });

  it.each([
    ['bad_request', 'provider', null],
    ['rate_limited', 'transient', 429],
    ['server_error', 'transient', 500],
    ['malformed', 'provider', null],
    ['image_404', 'image_missing', null],
  ] as const)('maps %s to %s', async (behaviour, kind, status) => {
    peer.script([behaviour]);
    const error = await failure(provider().draw(request(), hooks().hooks));
    expect(error.kind).toBe(kind);
    if (status) expect(error.status).toBe(status);
    if (status === 429) expect(error.retryAfterSeconds).toBe(5);
  });

  it('maps a put that hangs past its timeout to transient and an abort while polling to aborted', async () => {
    peer.script(['hang']);
    expect((await failure(provider({ requestTimeoutMs: 300 }).draw(request(), hooks().hooks))).kind).toBe('transient');
    const controller = new AbortController();
    const { tasks, hooks: h } = hooks(controller.signal);
    const drawing = provider().draw(request(), h);
    while (tasks.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect((await failure(drawing)).kind).toBe('aborted');
  });

  it('answers the channel engines as the catalogue', async () => {
    expect(await provider().catalogue()).toEqual({ models: YJ_PEER_ENGINES, samplers: [] });
  });
});
