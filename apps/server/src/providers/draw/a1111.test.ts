import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SD_PEER_AUTH, SD_PEER_MODELS, SD_PEER_SAMPLERS, startA1111Peer } from '../../test/draw-peers/a1111-peer.js';
import { drawPicture } from '../../test/draw-peers/peer-kit.js';
import { A1111Provider } from './a1111.js';
import type { DrawRequest } from './draw-provider.js';
import { drawRequest, providerFailure, recordingHooks } from '../../test/draw-provider-kit.js';

type Peer = Awaited<ReturnType<typeof startA1111Peer>>;
let peer: Peer;

beforeAll(async () => {
  peer = await startA1111Peer({ msPerPicture: 600, progressSteps: 4, retryAfterSeconds: 3 });
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  peer.calls.length = 0;
});

function provider(overrides: { apiKey?: string | null; requestTimeoutMs?: number; url?: string } = {}) {
  return new A1111Provider(
    { family: 'sd', baseUrl: overrides.url ?? peer.url, apiKey: overrides.apiKey === undefined ? SD_PEER_AUTH : overrides.apiKey, secret: null, requestTimeoutMs: overrides.requestTimeoutMs ?? 10_000 },
    { pollMs: 60 },
  );
}

function request(overrides: Partial<DrawRequest> = {}): DrawRequest {
  return drawRequest({ model: SD_PEER_MODELS[1]!, prompt: 'a lighthouse at dusk', negativePrompt: 'blurry', size: '512x768', sampler: 'DPM++ 2M', steps: 24, cfgScale: 6.5, seed: 1234, ...overrides });
}

const hooks = recordingHooks;

const failure = providerFailure;

const drawCalls = () => peer.calls.filter((c) => c.path.endsWith('2img'));

describe('A1111 provider against the local WebUI', () => {
  it('draws txt2img with the checkpoint, sampler, steps, cfg, seed and scripts as asked, and reads the seed back', async () => {
    const scripts = { ControlNet: { args: [{ module: 'none', model: 'qr_monster', weight: 1.2 }] } };
    const result = await provider().draw(request({ alwaysOnScripts: scripts }), hooks().hooks);
    expect(result.pictures).toHaveLength(1);
    const meta = await sharp(result.pictures[0]!.data).metadata();
    expect([result.pictures[0]!.mime, meta.width, meta.height]).toEqual(['image/png', 512, 768]);
    expect(result.seed).toBe(1234);
    const params = drawCalls()[0]!.params;
    expect(params).toMatchObject({ prompt: 'a lighthouse at dusk', negative_prompt: 'blurry', width: 512, height: 768, batch_size: 1, sampler_name: 'DPM++ 2M', steps: 24, cfg_scale: 6.5, seed: 1234, override_settings: { sd_model_checkpoint: SD_PEER_MODELS[1] }, alwayson_scripts: scripts });
    expect(String(params.force_task_id)).toMatch(/^task\(/);
  });

  it('draws n pictures as one batch and reports the seed the WebUI drew when asked for a random one', async () => {
    const result = await provider().draw(request({ n: 2, seed: -1 }), hooks().hooks);
    expect(result.pictures).toHaveLength(2);
    expect(result.seed).toEqual(expect.any(Number));
    expect(result.seed).not.toBe(-1);
    expect(drawCalls()[0]!.params.batch_size).toBe(2);
  });

  it('sends the reference picture and denoising strength for img2img', async () => {
    const reference = await drawPicture('a sketch', 128, 128, 'webp');
    await provider().draw(request({ generation: 'img2img', referenceImage: { data: reference, mime: 'image/webp' }, denoisingStrength: 0.4 }), hooks().hooks);
    expect(drawCalls()[0]!.path).toBe('/sdapi/v1/img2img');
    expect(drawCalls()[0]!.params).toMatchObject({ init_images: 1, denoising_strength: 0.4 });
  });

  it('reports per-task progress with live previews, and the place in line while queued', async () => {
    const first = hooks();
    const second = hooks();
    const [a, b] = await Promise.all([provider().draw(request(), first.hooks), provider().draw(request({ prompt: 'second' }), second.hooks)]);
    expect(a.pictures).toHaveLength(1);
    expect(b.pictures).toHaveLength(1);
    const values = first.progress.map((p) => p.progress);
    expect(values[0]).toBe(0);
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(values).toEqual([...values].sort((x, y) => x - y));
    expect(first.progress.some((p) => p.preview?.mime === 'image/png')).toBe(true);
    // One slot: the second waited behind the first, and was told so.
    expect(second.progress.some((p) => p.providerQueue === 1)).toBe(true);
    expect(peer.calls.some((c) => c.path === '/internal/progress')).toBe(true);
    expect(peer.calls.some((c) => c.path === '/sdapi/v1/progress')).toBe(false);
  });

  it('falls back to /sdapi/v1/progress on a WebUI without /internal/progress', async () => {
    const old = await startA1111Peer({ msPerPicture: 500, progressSteps: 4, internalProgress: false });
    try {
      const { progress, hooks: h } = hooks();
      await provider({ url: old.url }).draw(request(), h);
      expect(progress.some((p) => p.progress > 0 && p.progress < 100)).toBe(true);
      expect(progress.some((p) => p.preview !== null)).toBe(true);
      expect(old.calls.filter((c) => c.path === '/internal/progress')).toHaveLength(1);
      expect(old.calls.some((c) => c.path === '/sdapi/v1/progress')).toBe(true);
    } finally {
      await old.close();
    }
  });

  it('interrupts the WebUI on abort when the running job is ours, and only then', async () => {
    const before = peer.interrupts();
    // Ours is running: aborted, interrupted, and the WebUI is free again at once.
    const running = new AbortController();
    const drawing = provider().draw(request({ n: 4 }), hooks(running.signal).hooks);
    await new Promise((resolve) => setTimeout(resolve, 300));
    running.abort();
    expect((await failure(drawing)).kind).toBe('aborted');
    expect(peer.interrupts()).toBe(before + 1);
    // Ours is only queued behind someone else's: aborted without interrupting theirs.
    const theirs = provider().draw(request({ prompt: 'theirs' }), hooks().hooks);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const queued = new AbortController();
    const mine = provider().draw(request({ prompt: 'mine' }), hooks(queued.signal).hooks);
    await new Promise((resolve) => setTimeout(resolve, 150));
    queued.abort();
    expect((await failure(mine)).kind).toBe('aborted');
    expect((await theirs).pictures).toHaveLength(1);
    expect(peer.interrupts()).toBe(before + 1);
  });

  it.each([
    ['bad_request', 'provider', 422],
    ['refuse', 'provider', 400],
    ['server_error', 'transient', 500],
    ['malformed', 'provider', null],
  ] as const)('maps %s to %s', async (behaviour, kind, status) => {
    peer.script([behaviour]);
    const error = await failure(provider().draw(request(), hooks().hooks));
    expect(error.kind).toBe(kind);
    if (status) expect(error.status).toBe(status);
  });

  it('maps 429 to transient with Retry-After, an unknown sampler and wrong credentials to provider', async () => {
    peer.script(['rate_limited']);
    const limited = await failure(provider().draw(request(), hooks().hooks));
    expect([limited.kind, limited.status, limited.retryAfterSeconds]).toEqual(['transient', 429, 3]);
    const sampler = await failure(provider().draw(request({ sampler: 'Nope' }), hooks().hooks));
    expect([sampler.kind, sampler.status]).toEqual(['provider', 404]);
    const auth = await failure(provider({ apiKey: 'peer:wrong' }).draw(request(), hooks().hooks));
    expect([auth.kind, auth.status]).toEqual(['provider', 401]);
  });

  it('interrupts our job when our own deadline ends the request, so a retry does not queue behind it', async () => {
    // A WebUI of its own: nothing else of the other tests may be drawing there.
    const own = await startA1111Peer({ msPerPicture: 600, progressSteps: 4 });
    try {
      const error = await failure(provider({ url: own.url, requestTimeoutMs: 400 }).draw(request({ n: 4 }), hooks().hooks));
      expect(error.kind).toBe('transient');
      expect(own.interrupts()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('maps a request that hangs past its timeout and a refused connection to transient', async () => {
    peer.script(['hang']);
    expect((await failure(provider({ requestTimeoutMs: 300 }).draw(request(), hooks().hooks))).kind).toBe('transient');
    expect((await failure(provider({ url: 'http://127.0.0.1:9' }).draw(request(), hooks().hooks))).kind).toBe('transient');
  });

  it('reads the catalogue from sd-models and samplers; resume asks for a new drawing', async () => {
    expect(await provider().catalogue()).toEqual({ models: SD_PEER_MODELS, samplers: SD_PEER_SAMPLERS });
    expect((await failure(provider().resume())).kind).toBe('transient');
  });
});
