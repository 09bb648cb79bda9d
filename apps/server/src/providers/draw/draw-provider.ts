import type { DrawFamily, DrawGeneration } from '@xueba/contract';

/**
 * One drawing provider protocol (OpenAI Images, A1111/Forge WebUI, 意间AI),
 * reached through one channel's address and credentials. The drawing module
 * runs jobs through this interface only; it never sees a protocol.
 *
 * A provider either draws synchronously (OpenAI: one request answers the
 * pictures) or as a remote task (A1111's request blocks while `/progress`
 * reports; YJ answers a task id to poll). Both shapes are one call here:
 * `draw` resolves with the pictures and reports progress through `onProgress`
 * while it waits; a provider with a remote task id reports it through
 * `onRemoteTask` so a restarted process can `resume` polling it instead of
 * drawing (and charging the provider) again.
 */
export interface DrawChannelConfig {
  family: DrawFamily;
  baseUrl: string;
  /** OpenAI: the API key; A1111: `user:password` for --api-auth; YJ: the apikey. */
  apiKey: string | null;
  /** YJ only: the secret the md5 signature uses. */
  secret: string | null;
  /** Per request to the provider; a whole job has its own deadline (the signal). */
  requestTimeoutMs: number;
  /**
   * The models the channel offers (openai: model names; yj: engines), which
   * `catalogue` answers for families whose API has no list of its own.
   */
  models?: readonly string[];
}

export interface DrawRequest {
  generation: DrawGeneration;
  model: string;
  prompt: string;
  negativePrompt: string;
  /** `WxH`, or for YJ the ratio `W:H`. */
  size: string;
  /** openai: dall-e-3 style; yj: the engine's style key. */
  style: string | null;
  /** openai quality; null: the model's default. */
  quality: string | null;
  /** gpt-image-1 background. */
  background: string | null;
  n: number;
  /** img2img: the reference picture's bytes (PNG, JPEG or WebP, checked by content). */
  referenceImage: { data: Buffer; mime: string } | null;
  denoisingStrength: number | null;
  sampler: string | null;
  steps: number | null;
  cfgScale: number | null;
  /** -1 or null: the provider draws a random seed (reported back when it tells). */
  seed: number | null;
  /**
   * sd only: extra `alwayson_scripts` for the WebUI request (ControlNet units
   * of AI art QR codes). Sent as given.
   */
  alwaysOnScripts?: Record<string, unknown>;
}

export interface DrawnPicture {
  data: Buffer;
  /** By content: image/png, image/jpeg or image/webp. */
  mime: string;
}

export interface DrawResult {
  pictures: DrawnPicture[];
  /** The seed actually used, when the provider tells. */
  seed: number | null;
  /** What the provider says it drew (dall-e-3 revises prompts). */
  revisedPrompt: string | null;
}

export interface DrawProgress {
  /** 0–100. */
  progress: number;
  /** Jobs ahead of this one at the provider (YJ tells), else null. */
  providerQueue: number | null;
  /** A live preview picture while drawing (A1111 `current_image`), else null. */
  preview: DrawnPicture | null;
}

export interface DrawHooks {
  /** Aborts the provider call (cancel, timeout, channel switched off, shutdown). */
  signal: AbortSignal;
  onProgress(progress: DrawProgress): void;
  /** The provider's task id, as soon as it is known, for `resume` after a restart. */
  onRemoteTask?(taskId: string): void;
}

/** Why a provider call failed, as the drawing job needs to know it. */
export type DrawFailureKind =
  /** The provider refused the content (OpenAI content_policy_violation, a YJ audit failure): permanent, refunded. */
  | 'refused'
  /** 429, 5xx, a reset connection, a timeout of one request: worth retrying with backoff. */
  | 'transient'
  /** Any other 4xx, malformed answers, a picture URL that 404s: permanent. */
  | 'provider'
  /** The finished picture could not be fetched or was not an image. */
  | 'image_missing'
  /** The signal aborted the call. */
  | 'aborted';

export class DrawProviderError extends Error {
  constructor(
    readonly kind: DrawFailureKind,
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly status: number | null = null,
    /** Seconds the provider asked to wait (Retry-After), when it did. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'DrawProviderError';
  }
}

/** What a channel offers, read from the provider (the admin's channel test, the sd-model-picker). */
export interface DrawCatalogue {
  /** openai: the configured models; sd: the checkpoints of `/sdapi/v1/sd-models`; yj: the engines. */
  models: string[];
  /** sd: `/sdapi/v1/samplers`; else empty. */
  samplers: string[];
}

export interface DrawProvider {
  readonly family: DrawFamily;
  draw(request: DrawRequest, hooks: DrawHooks): Promise<DrawResult>;
  /**
   * Continues a remote task a dead process started (YJ). Providers without
   * remote task ids (OpenAI, A1111: the request died with the process) throw
   * DrawProviderError('transient') so the job is drawn again.
   */
  resume(taskId: string, request: DrawRequest, hooks: DrawHooks): Promise<DrawResult>;
  catalogue(signal?: AbortSignal): Promise<DrawCatalogue>;
}

export type DrawProviderFactory = (config: DrawChannelConfig) => DrawProvider;
