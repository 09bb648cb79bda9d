import { createHash } from 'node:crypto';
import { httpFetch } from '../ai/http-fetch.js';
import { pause, PictureFetcher, requestFailure, requestSignal, statusFailure } from './draw-http.js';
import { DrawProviderError, type DrawCatalogue, type DrawChannelConfig, type DrawHooks, type DrawnPicture, type DrawProvider, type DrawRequest, type DrawResult } from './draw-provider.js';

/**
 * The 意间AI (yjai.art) open painting API. It has no public reference; what
 * this relies on was read from public third-party clients (a PHP admin's
 * `Painting` class, another PHP `DrawYj` engine, the koishi `arcadia`
 * plugin, all calling `http://api.yjai.art:8080/painting-open-api/site/`):
 *
 * - every call is a form-urlencoded POST to `<base>/<name>` with `apikey`
 *   and `timestamp` (Unix seconds) among the fields, and a header `sign`:
 *   md5 (hex) of all fields plus `apisecret=<secret>`, sorted by key and
 *   joined as `k=v&…` with the values as they are (not URL-encoded);
 * - answers are `{status, reason, data}`; status 0 is success, anything else
 *   is a refusal whose `reason` says why;
 * - `put_task` takes prompt, ratio (0 = 4:3, 1 = 3:4, 2 = 1:1, 3 = 16:9,
 *   4 = 9:16), engine, style, init_image, init_strength (0–100), and answers
 *   `data.Uuid`;
 * - `show_task_detail` (uuid) answers the task: Uuid, Status, Progress,
 *   Position, ImagePath, ThumbImagePath, CheckSafeMessage, Seed, …
 *
 * The clients only ever test whether `ImagePath` is set; the task Status
 * codes are not documented anywhere we could read. So: a non-empty
 * ImagePath means done; a non-empty CheckSafeMessage means the audit refused
 * the task; Status 0 is queued and 1 drawing (Position and Progress say how
 * far); any other status without a picture is a failure. init_image is sent
 * as base64 (the clients pass an uploaded picture's data). The local peer
 * (test/draw-peers/yj-peer.ts) speaks exactly this.
 *
 * One task draws one picture: n pictures are n tasks, each reported through
 * `onRemoteTask` (comma-joined uuids) as soon as it is put, so a restarted
 * process resumes polling them and puts only the ones still missing.
 */
export const YJ_RATIO_CODES: Record<string, number> = { '4:3': 0, '3:4': 1, '1:1': 2, '16:9': 3, '9:16': 4 };
export const YJ_POLL_MS = 1000;
/** Polls in a row that may fail (a blip at the provider) before the job is given up as transient. */
const POLL_FAILURES_ALLOWED = 5;

export interface YjOptions {
  pollMs?: number;
  /** Unix seconds now; tests move it. */
  now?: () => number;
}

interface YjEnvelope {
  status?: unknown;
  reason?: unknown;
  data?: unknown;
}

interface YjTaskDetail {
  Uuid?: string;
  Status?: number;
  Progress?: number;
  Position?: number;
  ImagePath?: string;
  CheckSafeMessage?: string;
  Seed?: number;
}

/** md5 of the key-sorted `k=v&…` string of the fields with `apisecret` among them. */
export function yjSignature(fields: Record<string, string>, secret: string): string {
  const all: Record<string, string> = { ...fields, apisecret: secret };
  const text = Object.keys(all)
    .sort()
    .map((key) => `${key}=${all[key]}`)
    .join('&');
  return createHash('md5').update(text).digest('hex');
}

/** A refusal `reason` that speaks of the content (the audit), not of the request. */
const CONTENT_REFUSAL = /敏感|违规|审核|违禁|不合规|sensitive|audit|prohibited/i;

export class YjProvider implements DrawProvider {
  readonly family = 'yj' as const;
  private readonly base: string;
  private readonly pollMs: number;
  private readonly now: () => number;
  private readonly pictures: PictureFetcher;

  constructor(
    private readonly config: DrawChannelConfig,
    options: YjOptions = {},
  ) {
    this.base = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
    this.pollMs = options.pollMs ?? YJ_POLL_MS;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.pictures = new PictureFetcher(config.baseUrl);
  }

  draw(request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    return this.run([], request, hooks);
  }

  resume(taskId: string, request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    const uuids = taskId.split(',').map((u) => u.trim()).filter(Boolean);
    if (uuids.length === 0) return Promise.reject(new DrawProviderError('transient', 'no task to resume: draw again'));
    return this.run(uuids, request, hooks);
  }

  catalogue(): Promise<DrawCatalogue> {
    return Promise.resolve({ models: [...(this.config.models ?? [])], samplers: [] });
  }

  private async run(known: string[], request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    if (hooks.signal.aborted) throw new DrawProviderError('aborted', 'aborted before the call');
    hooks.onProgress({ progress: 0, providerQueue: null, preview: null });
    const uuids = [...known];
    while (uuids.length < Math.max(1, request.n)) {
      uuids.push(await this.put(request, hooks.signal));
      hooks.onRemoteTask?.(uuids.join(','));
    }
    return this.follow(uuids, hooks);
  }

  private async put(request: DrawRequest, signal: AbortSignal): Promise<string> {
    const ratio = YJ_RATIO_CODES[request.size];
    if (ratio === undefined) throw new DrawProviderError('provider', `ratio ${request.size} is not one of ${Object.keys(YJ_RATIO_CODES).join(', ')}`);
    const fields: Record<string, string> = { prompt: request.prompt, ratio: String(ratio), engine: request.model };
    if (request.style) fields.style = request.style;
    if (request.generation === 'img2img') {
      if (!request.referenceImage) throw new DrawProviderError('provider', 'img2img without a reference picture');
      fields.init_image = request.referenceImage.data.toString('base64');
      fields.init_strength = String(Math.round((request.denoisingStrength ?? 0.5) * 100));
    }
    const data = (await this.call('put_task', fields, signal)) as { Uuid?: unknown } | null;
    if (typeof data?.Uuid !== 'string' || !data.Uuid) throw new DrawProviderError('provider', 'put_task answered no Uuid');
    return data.Uuid;
  }

  /** Polls every task until all have a picture (or one fails), then fetches the pictures. */
  private async follow(uuids: string[], hooks: DrawHooks): Promise<DrawResult> {
    const finished = new Map<string, YjTaskDetail>();
    const progress = new Map<string, number>();
    let failures = 0;
    let reported = { progress: 0, queue: null as number | null };
    while (finished.size < uuids.length) {
      let queue: number | null = null;
      for (const uuid of uuids) {
        if (finished.has(uuid)) continue;
        let detail: YjTaskDetail;
        try {
          detail = ((await this.call('show_task_detail', { uuid }, hooks.signal)) ?? {}) as YjTaskDetail;
          failures = 0;
        } catch (error) {
          if (!(error instanceof DrawProviderError) || error.kind !== 'transient' || ++failures > POLL_FAILURES_ALLOWED) throw error;
          continue;
        }
        if (detail.CheckSafeMessage) throw new DrawProviderError('refused', `audit: ${detail.CheckSafeMessage}`);
        if (detail.ImagePath) {
          finished.set(uuid, detail);
          progress.set(uuid, 100);
          continue;
        }
        if (detail.Status !== 0 && detail.Status !== 1) throw new DrawProviderError('provider', `task ${uuid} ended with status ${String(detail.Status)} and no picture`);
        progress.set(uuid, Math.max(0, Math.min(99, Number(detail.Progress ?? 0))));
        if (detail.Status === 0 && typeof detail.Position === 'number') queue = queue === null ? detail.Position : Math.min(queue, detail.Position);
      }
      const overall = Math.min(99, Math.round([...uuids].reduce((sum, u) => sum + (progress.get(u) ?? 0), 0) / uuids.length));
      if (overall !== reported.progress || queue !== reported.queue) {
        reported = { progress: overall, queue };
        hooks.onProgress({ progress: overall, providerQueue: queue, preview: null });
      }
      if (finished.size < uuids.length) {
        await pause(this.pollMs, hooks.signal);
        if (hooks.signal.aborted) throw new DrawProviderError('aborted', 'aborted by the caller');
      }
    }
    const pictures: DrawnPicture[] = [];
    for (const uuid of uuids) pictures.push(await this.pictures.fetch(finished.get(uuid)!.ImagePath!, this.config.requestTimeoutMs, hooks.signal));
    const seed = finished.get(uuids[0]!)?.Seed;
    return { pictures, seed: typeof seed === 'number' && Number.isFinite(seed) ? seed : null, revisedPrompt: null };
  }

  /** One signed call; answers `data` when status is 0. */
  private async call(name: string, extra: Record<string, string>, caller: AbortSignal): Promise<unknown> {
    const fields: Record<string, string> = { apikey: this.config.apiKey ?? '', timestamp: String(this.now()), ...extra };
    const sign = yjSignature(fields, this.config.secret ?? '');
    const { signal, timedOut, done } = requestSignal(caller, this.config.requestTimeoutMs);
    try {
      const response = await httpFetch(`${this.base}${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', sign },
        body: new URLSearchParams(fields).toString(),
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw statusFailure(response.status, `${name}: HTTP ${response.status} ${text.slice(0, 200)}`, response.headers.get('retry-after'));
      const envelope = JSON.parse(text) as YjEnvelope;
      if (envelope.status !== 0 && envelope.status !== '0') {
        const reason = typeof envelope.reason === 'string' ? envelope.reason : 'refused';
        throw new DrawProviderError(CONTENT_REFUSAL.test(reason) ? 'refused' : 'provider', `${name}: ${String(envelope.status)} ${reason}`);
      }
      return envelope.data ?? null;
    } catch (error) {
      throw requestFailure(error, caller, timedOut(), name);
    } finally {
      done();
    }
  }
}
