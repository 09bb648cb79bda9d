import OpenAI, { APIConnectionError, APIError, APIUserAbortError, toFile } from 'openai';
import type { ImageEditParamsNonStreaming, ImageGenerateParamsNonStreaming, ImagesResponse } from 'openai/resources/images';
import { httpFetch } from '../ai/http-fetch.js';
import { pictureFromBase64, PictureFetcher, retryAfterSeconds } from './draw-http.js';
import { DrawProviderError, type DrawCatalogue, type DrawChannelConfig, type DrawHooks, type DrawnPicture, type DrawProvider, type DrawRequest, type DrawResult } from './draw-provider.js';

/**
 * The OpenAI Images API (and compatible endpoints) through the official
 * `openai` package, over the app's keep-alive transport. dall-e-3 draws one
 * picture a request (the API refuses n > 1), so n pictures are n requests;
 * gpt-image-1 draws n at once and always answers base64; img2img is
 * `images.edit` with the reference picture (gpt-image-1). Base64 is asked for
 * where the model takes it; a URL answer (compatible providers) is fetched
 * with a byte cap and checked by content. No retries here: the drawing job
 * decides (a `transient` failure is retried with backoff there).
 *
 * Progress: the API tells nothing while it draws, so 0 is reported at the
 * start and then only real steps (a picture of several done).
 */
export class OpenAiImagesProvider implements DrawProvider {
  readonly family = 'openai' as const;
  private readonly client: OpenAI;
  private readonly pictures: PictureFetcher;

  constructor(private readonly config: DrawChannelConfig) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey ?? 'no-key',
      maxRetries: 0,
      timeout: config.requestTimeoutMs,
      logLevel: 'off',
      fetch: drawFetch,
    });
    this.pictures = new PictureFetcher(config.baseUrl);
  }

  async draw(request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    if (hooks.signal.aborted) throw new DrawProviderError('aborted', 'aborted before the call');
    hooks.onProgress({ progress: 0, providerQueue: null, preview: null });
    if (request.generation === 'img2img') return this.edit(request, hooks);
    const oneAtATime = request.model === 'dall-e-3';
    const rounds = oneAtATime ? request.n : 1;
    const pictures: DrawnPicture[] = [];
    let revisedPrompt: string | null = null;
    for (let round = 0; round < rounds; round += 1) {
      const answer = await this.call(() => this.client.images.generate(this.generateParams(request, oneAtATime ? 1 : request.n), { signal: hooks.signal }), hooks.signal);
      const drawn = await this.collect(answer, hooks.signal);
      pictures.push(...drawn.pictures);
      revisedPrompt ??= drawn.revisedPrompt;
      if (round + 1 < rounds) hooks.onProgress({ progress: Math.round(((round + 1) / rounds) * 100), providerQueue: null, preview: null });
    }
    return { pictures, seed: null, revisedPrompt };
  }

  resume(): Promise<DrawResult> {
    return Promise.reject(new DrawProviderError('transient', 'an Images API request does not outlive the process: draw again'));
  }

  catalogue(): Promise<DrawCatalogue> {
    return Promise.resolve({ models: [...(this.config.models ?? [])], samplers: [] });
  }

  private generateParams(request: DrawRequest, n: number): ImageGenerateParamsNonStreaming {
    const gptImage = request.model.startsWith('gpt-image');
    const params: Record<string, unknown> = { model: request.model, prompt: request.prompt, n, size: request.size };
    if (request.quality) params.quality = request.quality;
    if (request.model === 'dall-e-3' && request.style) params.style = request.style;
    if (gptImage && request.background) params.background = request.background;
    // gpt-image models always answer base64 and refuse the parameter; the others are asked for it.
    if (!gptImage) params.response_format = 'b64_json';
    return params as unknown as ImageGenerateParamsNonStreaming;
  }

  private async edit(request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    const reference = request.referenceImage;
    if (!reference) throw new DrawProviderError('provider', 'img2img without a reference picture');
    if (request.model === 'dall-e-3') throw new DrawProviderError('provider', 'dall-e-3 does not edit pictures');
    const extension = reference.mime === 'image/jpeg' ? 'jpg' : reference.mime === 'image/webp' ? 'webp' : 'png';
    const image = await toFile(reference.data, `reference.${extension}`, { type: reference.mime });
    const params: Record<string, unknown> = { model: request.model, image, prompt: request.prompt, n: request.n, size: request.size };
    if (request.quality) params.quality = request.quality;
    if (request.background) params.background = request.background;
    if (!request.model.startsWith('gpt-image')) params.response_format = 'b64_json';
    const answer = await this.call(() => this.client.images.edit(params as unknown as ImageEditParamsNonStreaming, { signal: hooks.signal }), hooks.signal);
    const drawn = await this.collect(answer, hooks.signal);
    return { pictures: drawn.pictures, seed: null, revisedPrompt: drawn.revisedPrompt };
  }

  private async call(run: () => Promise<ImagesResponse>, signal: AbortSignal): Promise<ImagesResponse> {
    try {
      return await run();
    } catch (error) {
      throw mapError(error, signal);
    }
  }

  private async collect(answer: ImagesResponse, signal: AbortSignal): Promise<{ pictures: DrawnPicture[]; revisedPrompt: string | null }> {
    const items = Array.isArray(answer?.data) ? answer.data : null;
    if (!items || items.length === 0) throw new DrawProviderError('provider', 'the Images API answered no pictures');
    const pictures: DrawnPicture[] = [];
    let revisedPrompt: string | null = null;
    for (const item of items) {
      if (item.b64_json) pictures.push(pictureFromBase64(item.b64_json, 'the answered picture'));
      else if (item.url) pictures.push(await this.pictures.fetch(item.url, this.config.requestTimeoutMs, signal));
      else throw new DrawProviderError('provider', 'a picture without b64_json or url');
      revisedPrompt ??= item.revised_prompt ?? null;
    }
    return { pictures, revisedPrompt };
  }
}

/** Codes the Images API gives a refused prompt or picture (dall-e: content_policy_violation; gpt-image: moderation_blocked). */
const REFUSAL_CODES = new Set(['content_policy_violation', 'moderation_blocked']);

function mapError(error: unknown, signal: AbortSignal): DrawProviderError {
  if (error instanceof DrawProviderError) return error;
  if (signal.aborted) return new DrawProviderError('aborted', 'aborted by the caller');
  // The SDK's own timeout (a request that took longer than requestTimeoutMs) and dropped connections.
  if (error instanceof APIUserAbortError) return new DrawProviderError('transient', error.message);
  if (error instanceof APIConnectionError) return new DrawProviderError('transient', error.message);
  if (error instanceof APIError) {
    const status = error.status ?? null;
    const message = error.message || 'Images API error';
    const code = typeof error.code === 'string' ? error.code : null;
    if (status === 400 && ((code && REFUSAL_CODES.has(code)) || /safety system/i.test(message))) return new DrawProviderError('refused', message, status);
    if (status === 429 || (status !== null && status >= 500)) return new DrawProviderError('transient', message, status, retryAfterSeconds(error.headers?.get('retry-after')));
    if (status === null) return new DrawProviderError('transient', message);
    return new DrawProviderError('provider', message, status);
  }
  if (error instanceof SyntaxError) return new DrawProviderError('provider', `malformed JSON: ${error.message}`);
  return new DrawProviderError('provider', error instanceof Error ? error.message : String(error));
}

/**
 * The app's transport, plus multipart bodies: `images.edit` sends a
 * FormData, which the keep-alive transport does not encode; the web
 * Response encodes it (with its boundary) into bytes first.
 */
const drawFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  if (!(init.body instanceof FormData)) return httpFetch(input, init);
  const encoded = new Response(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return httpFetch(input, { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) });
};
