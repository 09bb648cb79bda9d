import { randomUUID } from 'node:crypto';
import { httpFetch } from '../ai/http-fetch.js';
import { pause, pictureFromBase64, requestFailure, requestSignal, statusFailure } from './draw-http.js';
import { DrawProviderError, type DrawCatalogue, type DrawChannelConfig, type DrawHooks, type DrawnPicture, type DrawProgress, type DrawProvider, type DrawRequest, type DrawResult } from './draw-provider.js';

/** How often progress is asked for while a picture is drawn. */
export const SD_POLL_MS = 300;

export interface A1111Options {
  pollMs?: number;
}

/**
 * Stable Diffusion through the AUTOMATIC1111 / Forge WebUI API. The draw
 * request blocks until the pictures are done; meanwhile progress is polled:
 * per task when the WebUI has `/internal/progress` (A1111 ≥ 1.6: the request
 * names its task with `force_task_id`, and the answer says queued — with the
 * place in line — active with a live preview, or completed), else the global
 * `/sdapi/v1/progress`, which tells about whatever job runs now (on a WebUI
 * that serves only us, ours). An abort interrupts the WebUI's job only when
 * the per-task answer confirms the running job is ours: interrupting blindly
 * would stop someone else's picture. The request dies with the process, so
 * `resume` asks for a new drawing.
 */
export class A1111Provider implements DrawProvider {
  readonly family = 'sd' as const;
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly pollMs: number;

  constructor(
    private readonly config: DrawChannelConfig,
    options: A1111Options = {},
  ) {
    this.base = config.baseUrl.replace(/\/+$/, '');
    this.headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (config.apiKey) this.headers.authorization = `Basic ${Buffer.from(config.apiKey).toString('base64')}`;
    this.pollMs = options.pollMs ?? SD_POLL_MS;
  }

  async draw(request: DrawRequest, hooks: DrawHooks): Promise<DrawResult> {
    if (hooks.signal.aborted) throw new DrawProviderError('aborted', 'aborted before the call');
    const taskId = `task(${randomUUID()})`;
    const img2img = request.generation === 'img2img';
    if (img2img && !request.referenceImage) throw new DrawProviderError('provider', 'img2img without a reference picture');
    hooks.onProgress({ progress: 0, providerQueue: null, preview: null });
    const stopPolling = new AbortController();
    const poller = this.poll(taskId, hooks, stopPolling.signal);
    try {
      const answer = await this.json(img2img ? '/sdapi/v1/img2img' : '/sdapi/v1/txt2img', hooks.signal, this.body(request, taskId), 'draw');
      return parseAnswer(answer, request.n);
    } catch (error) {
      // The WebUI draws on when the request goes away (an abort, our deadline, a dropped connection):
      // stop it if the running job is ours, or the retry would queue behind a picture nobody takes.
      await this.interruptIfOurs(taskId, poller.mode());
      if (hooks.signal.aborted) throw new DrawProviderError('aborted', 'aborted by the caller');
      throw error;
    } finally {
      stopPolling.abort();
      await poller.done;
    }
  }

  resume(): Promise<DrawResult> {
    return Promise.reject(new DrawProviderError('transient', 'a WebUI request does not outlive the process: draw again'));
  }

  async catalogue(signal: AbortSignal = new AbortController().signal): Promise<DrawCatalogue> {
    const models = await this.json('/sdapi/v1/sd-models', signal, null, 'sd-models');
    const samplers = await this.json('/sdapi/v1/samplers', signal, null, 'samplers');
    if (!Array.isArray(models) || !Array.isArray(samplers)) throw new DrawProviderError('provider', 'the WebUI answered lists that are not lists');
    return {
      models: models.map((m: { title?: unknown }) => m?.title).filter((t): t is string => typeof t === 'string'),
      samplers: samplers.map((s: { name?: unknown }) => s?.name).filter((n): n is string => typeof n === 'string'),
    };
  }

  private body(request: DrawRequest, taskId: string): Record<string, unknown> {
    const match = /^(\d+)x(\d+)$/.exec(request.size);
    if (!match) throw new DrawProviderError('provider', `size ${request.size} is not WxH`);
    const body: Record<string, unknown> = {
      prompt: request.prompt,
      negative_prompt: request.negativePrompt,
      width: Number(match[1]),
      height: Number(match[2]),
      batch_size: request.n,
      n_iter: 1,
      seed: request.seed ?? -1,
      force_task_id: taskId,
      send_images: true,
      save_images: false,
    };
    if (request.sampler) body.sampler_name = request.sampler;
    if (request.steps) body.steps = request.steps;
    if (request.cfgScale) body.cfg_scale = request.cfgScale;
    if (request.model) body.override_settings = { sd_model_checkpoint: request.model };
    if (request.alwaysOnScripts) body.alwayson_scripts = request.alwaysOnScripts;
    if (request.generation === 'img2img' && request.referenceImage) {
      body.init_images = [request.referenceImage.data.toString('base64')];
      body.denoising_strength = request.denoisingStrength ?? 0.75;
    }
    return body;
  }

  /** One JSON request with the per-request deadline; HTTP failures mapped to kinds. */
  private async json(path: string, caller: AbortSignal, body: unknown, what: string): Promise<unknown> {
    const { signal, timedOut, done } = requestSignal(caller, this.config.requestTimeoutMs);
    try {
      const response = await httpFetch(`${this.base}${path}`, {
        method: body === null ? 'GET' : 'POST',
        headers: this.headers,
        ...(body === null ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw statusFailure(response.status, `${what}: HTTP ${response.status} ${text.slice(0, 200)}`, response.headers.get('retry-after'));
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw requestFailure(error, caller, timedOut(), what);
    } finally {
      done();
    }
  }

  /**
   * Polls progress until stopped. Starts per task; a 404 from
   * `/internal/progress` (an older WebUI) switches to the global endpoint.
   * A failed poll is skipped: progress is a courtesy, the drawing request
   * decides the outcome.
   */
  private poll(taskId: string, hooks: DrawHooks, stop: AbortSignal): { done: Promise<void>; mode: () => 'task' | 'global' } {
    let mode: 'task' | 'global' = 'task';
    let previewId = -1;
    let last: DrawProgress = { progress: 0, providerQueue: null, preview: null };
    const report = (next: DrawProgress) => {
      const samePreview = !next.preview || (last.preview !== null && next.preview.data.equals(last.preview.data));
      if (next.progress === last.progress && next.providerQueue === last.providerQueue && samePreview) return;
      last = next;
      hooks.onProgress(next);
    };
    const done = (async () => {
      while (!stop.aborted) {
        await pause(this.pollMs, stop);
        if (stop.aborted) break;
        try {
          if (mode === 'task') {
            const answer = await this.progressOfTask(taskId, previewId, stop);
            if (answer === 'absent') {
              mode = 'global';
              continue;
            }
            if (answer.idLivePreview !== null) previewId = answer.idLivePreview;
            if (answer.progress) report(answer.progress);
          } else {
            const answer = (await this.json('/sdapi/v1/progress?skip_current_image=false', stop, null, 'progress')) as GlobalProgress;
            const progress = Math.round(Math.min(1, Math.max(0, Number(answer?.progress ?? 0))) * 100);
            const preview = typeof answer?.current_image === 'string' && answer.current_image ? safePicture(answer.current_image) : null;
            if (progress > 0 || preview) report({ progress: Math.min(progress, 99), providerQueue: null, preview });
          }
        } catch {
          // A lost poll changes nothing; the next one may answer.
        }
      }
    })();
    return { done, mode: () => mode };
  }

  private async progressOfTask(taskId: string, previewId: number, stop: AbortSignal): Promise<'absent' | { progress: DrawProgress | null; idLivePreview: number | null; active: boolean }> {
    const { signal, done } = requestSignal(stop, this.config.requestTimeoutMs);
    try {
      const response = await httpFetch(`${this.base}/internal/progress`, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify({ id_task: taskId, id_live_preview: previewId, live_preview: true }),
        signal,
      });
      const text = await response.text();
      // 404: a WebUI older than 1.6; 401/403: the UI's own login guards the internal routes. Both: the global endpoint.
      if (response.status === 404 || response.status === 401 || response.status === 403) return 'absent';
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = JSON.parse(text) as TaskProgress;
      const idLivePreview = typeof answer.id_live_preview === 'number' && answer.id_live_preview >= 0 ? answer.id_live_preview : null;
      if (answer.queued) {
        const place = /(\d+)\s*\/\s*\d+/.exec(answer.textinfo ?? '');
        return { progress: { progress: 0, providerQueue: place ? Number(place[1]) : null, preview: null }, idLivePreview, active: false };
      }
      if (answer.active) {
        const progress = Math.round(Math.min(1, Math.max(0, Number(answer.progress ?? 0))) * 100);
        const preview = typeof answer.live_preview === 'string' && answer.live_preview ? safePicture(answer.live_preview) : null;
        // 100 is said when the pictures are in hand, not while the WebUI still encodes them.
        return { progress: { progress: Math.min(progress, 99), providerQueue: null, preview }, idLivePreview, active: true };
      }
      return { progress: null, idLivePreview, active: false };
    } finally {
      done();
    }
  }

  /** Interrupts the WebUI's running job when it is ours (per-task progress says so), never blindly. */
  private async interruptIfOurs(taskId: string, mode: 'task' | 'global'): Promise<void> {
    if (mode !== 'task') return;
    const deadline = AbortSignal.timeout(Math.min(5000, this.config.requestTimeoutMs));
    try {
      const answer = await this.progressOfTask(taskId, -1, deadline);
      if (answer === 'absent' || !answer.active) return;
      await httpFetch(`${this.base}/sdapi/v1/interrupt`, { method: 'POST', headers: this.headers, body: '{}', signal: deadline }).then((r) => r.text());
    } catch {
      // The job runs on at the WebUI; nothing else to do from here.
    }
  }
}

interface TaskProgress {
  active?: boolean;
  queued?: boolean;
  completed?: boolean;
  progress?: number | null;
  live_preview?: string | null;
  id_live_preview?: number;
  textinfo?: string | null;
}

interface GlobalProgress {
  progress?: number;
  current_image?: string | null;
}

function safePicture(base64: string): DrawnPicture | null {
  try {
    return pictureFromBase64(base64, 'the live preview');
  } catch {
    return null;
  }
}

function parseAnswer(answer: unknown, n: number): DrawResult {
  const images = (answer as { images?: unknown })?.images;
  if (!Array.isArray(images) || images.length === 0 || !images.every((i) => typeof i === 'string')) {
    throw new DrawProviderError('provider', 'the WebUI answered no pictures');
  }
  // ControlNet and similar scripts append their detected maps after the pictures; the caller keeps what it asked for.
  const pictures = images.slice(0, n).map((image: string, i) => pictureFromBase64(image, `picture ${i + 1}`));
  let seed: number | null = null;
  const info = (answer as { info?: unknown }).info;
  if (typeof info === 'string') {
    try {
      const parsed = JSON.parse(info) as { seed?: unknown };
      if (typeof parsed.seed === 'number' && Number.isFinite(parsed.seed)) seed = parsed.seed;
    } catch {
      // The seed is a nicety; the pictures are what was asked for.
    }
  }
  return { pictures, seed, revisedPrompt: null };
}
