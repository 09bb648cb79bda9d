import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPENAI_PEER_KEY, startOpenAiImagesPeer } from '../../test/draw-peers/openai-images-peer.js';
import { drawPicture } from '../../test/draw-peers/peer-kit.js';
import { PictureFetcher } from './draw-http.js';
import type { DrawRequest } from './draw-provider.js';
import { drawRequest, providerFailure, recordingHooks } from '../../test/draw-provider-kit.js';
import { OpenAiImagesProvider } from './openai-images.js';

let peer: Awaited<ReturnType<typeof startOpenAiImagesPeer>>;

beforeAll(async () => {
  peer = await startOpenAiImagesPeer({ msPerPicture: 60, progressSteps: 2, retryAfterSeconds: 7 });
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  peer.calls.length = 0;
});

function provider(overrides: { apiKey?: string | null; requestTimeoutMs?: number; baseUrl?: string } = {}) {
  return new OpenAiImagesProvider({ family: 'openai', baseUrl: overrides.baseUrl ?? peer.url, apiKey: overrides.apiKey === undefined ? OPENAI_PEER_KEY : overrides.apiKey, secret: null, requestTimeoutMs: overrides.requestTimeoutMs ?? 10_000, models: ['dall-e-3', 'gpt-image-1'] });
}

function request(overrides: Partial<DrawRequest> = {}): DrawRequest {
  return drawRequest({ model: 'dall-e-3', prompt: 'a red fox in the snow', size: '1024x1024', ...overrides });
}

const hooks = recordingHooks;

const failure = providerFailure;

describe('OpenAI Images provider against the local Images API', () => {
  it('draws a dall-e-3 picture of the asked size as base64 PNG, with the revised prompt and no fake progress', async () => {
    const { progress, hooks: h } = hooks();
    const result = await provider().draw(request({ size: '1792x1024', quality: 'hd', style: 'natural' }), h);
    expect(result.pictures).toHaveLength(1);
    expect(result.pictures[0]!.mime).toBe('image/png');
    const meta = await sharp(result.pictures[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1792, 1024]);
    expect(result.revisedPrompt).toBe('A picture of a red fox in the snow, drawn with care');
    expect(result.seed).toBeNull();
    expect(progress).toEqual([{ progress: 0, providerQueue: null, preview: null }]);
    expect(peer.calls[0]!.params).toMatchObject({ model: 'dall-e-3', n: 1, size: '1792x1024', quality: 'hd', style: 'natural', response_format: 'b64_json' });
  });

  it('loops dall-e-3 one picture a request for n > 1, reporting each finished picture', async () => {
    const { progress, hooks: h } = hooks();
    const result = await provider().draw(request({ n: 3 }), h);
    expect(result.pictures).toHaveLength(3);
    expect(peer.calls.map((c) => c.params.n)).toEqual([1, 1, 1]);
    expect(progress.map((p) => p.progress)).toEqual([0, 33, 67]);
  });

  it('asks gpt-image-1 for n pictures in one request without response_format, with quality and background', async () => {
    const result = await provider().draw(request({ model: 'gpt-image-1', n: 2, size: '1024x1536', quality: 'low', background: 'transparent' }), hooks().hooks);
    expect(result.pictures).toHaveLength(2);
    expect(result.pictures[0]!.data.equals(result.pictures[1]!.data)).toBe(false);
    expect((await sharp(result.pictures[1]!.data).metadata()).height).toBe(1536);
    expect(peer.calls).toHaveLength(1);
    expect(peer.calls[0]!.params).toEqual({ model: 'gpt-image-1', prompt: 'a red fox in the snow', n: 2, size: '1024x1536', quality: 'low', background: 'transparent' });
  });

  it('edits the reference picture for img2img (multipart images.edit)', async () => {
    const reference = await drawPicture('reference', 256, 256, 'jpeg');
    const result = await provider().draw(request({ model: 'gpt-image-1', generation: 'img2img', referenceImage: { data: reference, mime: 'image/jpeg' } }), hooks().hooks);
    expect(result.pictures).toHaveLength(1);
    expect(peer.calls[0]!.path).toBe('/v1/images/edits');
    expect(peer.calls[0]!.params).toMatchObject({ model: 'gpt-image-1', image: true, n: 1, size: '1024x1024' });
  });

  it('refuses img2img on dall-e-3 without calling the API', async () => {
    const reference = await drawPicture('reference', 64, 64);
    const error = await failure(provider().draw(request({ generation: 'img2img', referenceImage: { data: reference, mime: 'image/png' } }), hooks().hooks));
    expect(error.kind).toBe('provider');
    expect(peer.calls).toHaveLength(0);
  });

  it('downloads a URL answer from the channel host and checks it is a picture', async () => {
    peer.script(['url']);
    const result = await provider().draw(request({ model: 'gpt-image-1' }), hooks().hooks);
    expect(result.pictures[0]!.mime).toBe('image/png');
    expect(peer.calls.map((c) => c.path)).toEqual(['/v1/images/generations']);
  });

  it('maps a picture URL that 404s to image_missing', async () => {
    peer.script(['image_404']);
    expect((await failure(provider().draw(request(), hooks().hooks))).kind).toBe('image_missing');
  });

  it('sends picture URLs on other hosts through the SSRF guard', async () => {
    // The channel is elsewhere; the peer's loopback address is then a private one, refused.
    const fetcher = new PictureFetcher('http://images.example.test/v1');
    const picture = `${peer.url.replace('/v1', '')}/_peer/files/none`;
    const error = await failure(fetcher.fetch(picture, 2000, new AbortController().signal));
    expect(error.kind).toBe('image_missing');
    expect(error.message).toMatch(/127\.0\.0\.1/);
  });

  it.each([
    ['dall-e-3', 'content_policy_violation'],
    ['gpt-image-1', 'moderation_blocked'],
  ])('maps a %s content refusal (%s) to refused', async (model) => {
    peer.script(['refuse']);
    const error = await failure(provider().draw(request({ model }), hooks().hooks));
    expect([error.kind, error.status]).toEqual(['refused', 400]);
  });

  it('maps other 4xx to provider (a bad request, a wrong key)', async () => {
    peer.script(['bad_request']);
    const bad = await failure(provider().draw(request(), hooks().hooks));
    expect([bad.kind, bad.status]).toEqual(['provider', 400]);
    const key = await failure(provider({ apiKey: 'wrong' }).draw(request(), hooks().hooks));
    expect([key.kind, key.status]).toEqual(['provider', 401]);
  });

  it('maps 429 to transient and keeps Retry-After', async () => {
    peer.script(['rate_limited']);
    const error = await failure(provider().draw(request(), hooks().hooks));
    expect([error.kind, error.status, error.retryAfterSeconds]).toEqual(['transient', 429, 7]);
  });

  it('maps 5xx, a refused connection and a request that hangs past its timeout to transient', async () => {
    peer.script(['server_error']);
    const server = await failure(provider().draw(request(), hooks().hooks));
    expect([server.kind, server.status]).toEqual(['transient', 500]);
    const refused = await failure(provider({ baseUrl: 'http://127.0.0.1:9/v1' }).draw(request(), hooks().hooks));
    expect(refused.kind).toBe('transient');
    peer.script(['hang']);
    const started = Date.now();
    const hung = await failure(provider({ requestTimeoutMs: 300 }).draw(request(), hooks().hooks));
    expect(hung.kind).toBe('transient');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('maps malformed JSON to provider', async () => {
    peer.script(['malformed']);
    expect((await failure(provider().draw(request(), hooks().hooks))).kind).toBe('provider');
  });

  it('maps the caller abort to aborted, mid-request', async () => {
    peer.script(['hang']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(provider().draw(request(), hooks(controller.signal).hooks))).kind).toBe('aborted');
  });

  it('asks for a new drawing on resume, and answers its configured models as the catalogue', async () => {
    expect((await failure(provider().resume())).kind).toBe('transient');
    expect(await provider().catalogue()).toEqual({ models: ['dall-e-3', 'gpt-image-1'], samplers: [] });
  });
});
