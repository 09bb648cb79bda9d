import type { MessageKey } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { RetryJobError, type JobContext } from '../../platform/jobs/job-runner.js';
import { DrawProviderError, type DrawnPicture, type DrawProgress, type DrawRequest, type DrawResult } from '../../providers/draw/draw-provider.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import { sniffImage } from '../upload/image-type.js';
import type { DrawChannels } from './draw-channels.js';
import { DrawOutcome, PictureUnreadableError } from './draw-outcome.js';
import { DrawKinds } from './draw-kinds.js';
import type { OpenDrawJobs } from './draw-open-jobs.js';
import { DrawRepository, type DrawJobRow } from './draw.repository.js';
import { readAll } from './draw-reference.js';

export const DRAW_JOB = 'draw';
/** Attempts of one drawing: transient provider errors and restarts are retried until then. */
export const DRAW_MAX_ATTEMPTS = 3;
/** Progress reaches the row at most this often (and only when it changed). */
const PROGRESS_WRITE_MS = 250;
/** A cancel or an admin's switch-off is noticed within this (the row is read when nothing was written). */
const STATUS_CHECK_MS = 1000;
/** A live preview is stored at most this often (it is a file write). */
const PREVIEW_WRITE_MS = 1000;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 60_000;

type StopReason = 'gone' | 'timeout' | 'shutdown';

/**
 * Runs one drawing job: claimed by the drawing lane, it is marked running,
 * its channel's provider called (or its remote task resumed after a restart)
 * under a deadline, progress and the live preview written as they come, and
 * it ends through DrawOutcome. A cancel or a switch-off (the row is no
 * longer running) aborts the provider call; a shutdown aborts it and hands
 * the job back to the queue, which runs it again on the next start.
 */
export class DrawJobRunner {
  private readonly repo = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: DrawChannels,
    private readonly outcome: DrawOutcome,
    private readonly kinds: DrawKinds = new DrawKinds(),
    private readonly open?: OpenDrawJobs,
  ) {}

  handler = async (payload: Record<string, unknown>, context: JobContext): Promise<void> => {
    const id = Number(payload.id);
    try {
      await this.run(id, context);
    } catch (error) {
      // Whatever broke on the last attempt (a store, the database for a moment) ends the drawing here, refunded:
      // the queue would only mark its own row failed and leave the record open.
      if (error instanceof RetryJobError || !context.lastAttempt || context.signal.aborted) throw error;
      await this.outcome.end(id, 'failed', 'draw_fail_provider', error instanceof Error ? error.message : String(error));
    }
  };

  private async run(id: number, context: JobContext): Promise<void> {
    // Marked running and "provider called" in one write that also reads the job (null: it ended meanwhile): every
    // round trip before the provider call is paid by each job between getting its slot and reaching the provider.
    // The checks below end a running job as they would a queued one.
    const before = await this.repo.markRunning(this.ctx.db, id, this.ctx.now());
    if (!before) return;
    this.open?.running(before);
    // Claimed once more after the last attempt: the process running it died each time.
    if (context.job.attempts > context.job.max_attempts) {
      await this.outcome.end(id, 'failed', 'draw_fail_restart', context.job.last_error);
      return;
    }
    const channel = await this.channels.byKey(before.channel_key);
    if (!channel?.enabled) {
      await this.outcome.end(id, 'failed', 'draw_fail_channel_disabled');
      return;
    }
    const request = await this.request(before);
    if (!request) {
      await this.outcome.end(id, 'failed', 'draw_reference_invalid', 'the reference picture is gone');
      return;
    }
    const plan = this.kinds.of(before.kind);
    const requests = await plan.requests(before, request);
    const total = requests.length;
    let job = before;
    const provider = this.channels.provider(channel);
    const watch = new JobWatch(this.ctx, this.repo, job, context.signal, channel.timeoutSeconds * 1000, (values) => this.open?.progressed(id, values));
    // After a restart the attempt that was running goes on (its remote task resumed); earlier ones are not drawn again.
    for (let attempt = Math.min(Math.max(job.params.attempt ?? 1, 1), total); attempt <= total; attempt += 1) {
      if (total > 1 && attempt !== job.params.attempt) {
        job = (await this.repo.setAttempt(this.ctx.db, id, { ...job.params, attempt, attempts: total }, this.ctx.now())) ?? job;
      }
      watch.beginAttempt(attempt, total);
      let result: DrawResult;
      try {
        const hooks = {
          signal: watch.signal,
          onProgress: (progress: DrawProgress) => watch.progress(progress),
          onRemoteTask: (taskId: string) => void this.repo.setRemoteTask(this.ctx.db, id, taskId).catch(() => undefined),
        };
        const asked = requests[attempt - 1]!;
        result = job.remote_task_id ? await provider.resume(job.remote_task_id, asked, hooks) : await provider.draw(asked, hooks);
      } catch (error) {
        const stop = await watch.close();
        await this.failed(job, error, stop, context);
        return;
      }
      const last = attempt === total;
      // The provider is done with us after the last attempt, whatever comes of its answer: the channel's next job
      // starts now, and the checks and storing below run beside it.
      if (last) await context.releaseSlot();
      const stop = last ? await watch.close() : await watch.checkpoint();
      if (stop === 'gone') {
        await watch.close();
        return;
      }
      let kept: DrawResult | null;
      try {
        kept = await plan.accept(job, result, attempt);
      } catch (error) {
        await watch.close();
        throw error;
      }
      if (!kept && !last) {
        if (!stop) continue;
        // The deadline or a shutdown came while this attempt was judged: the next one does not start.
        await watch.close();
        await this.failed(job, new Error(`drawing stopped: ${stop}`), stop, context);
        return;
      }
      await watch.close();
      // An earlier attempt's picture was kept: the attempts left are not drawn, and the slot serves the next job.
      if (!last) await context.releaseSlot();
      if (!kept) {
        const { reason, detail } = plan.exhausted(job, total);
        await this.outcome.end(id, 'failed', reason, detail);
        return;
      }
      try {
        const done = job;
        await this.outcome.succeed({ ...job, preview_key: watch.previewKey }, kept, plan.succeeded ? (tx, images) => plan.succeeded!(tx, done, images) : undefined);
      } catch (error) {
        if (error instanceof PictureUnreadableError) await this.outcome.end(id, 'failed', 'draw_fail_image_missing', error.message);
        else throw error;
      }
      return;
    }
  }

  /** How a provider call that threw ends the job (or hands it back to the queue). */
  private async failed(job: DrawJobRow, error: unknown, stop: StopReason | null, context: JobContext): Promise<void> {
    const detail = error instanceof Error ? error.message : String(error);
    if (stop === 'gone') return;
    if (stop === 'shutdown') throw error instanceof Error ? error : new Error(detail);
    if (stop === 'timeout') {
      await this.outcome.end(job.id, 'failed', 'draw_fail_timeout', detail);
      return;
    }
    const kind = error instanceof DrawProviderError ? error.kind : null;
    const reasons: Partial<Record<string, MessageKey>> = { refused: 'draw_fail_refused', provider: 'draw_fail_provider', image_missing: 'draw_fail_image_missing', aborted: 'draw_fail_provider' };
    const reason = kind ? reasons[kind] : undefined;
    if (reason) {
      await this.outcome.end(job.id, 'failed', reason, detail);
      return;
    }
    // Transient (429, 5xx, a reset) or unexpected: again later, until the last attempt.
    if (context.lastAttempt) {
      await this.outcome.end(job.id, 'failed', kind === 'transient' ? 'draw_fail_busy' : 'draw_fail_provider', detail);
      return;
    }
    const retryAfter = error instanceof DrawProviderError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : null;
    const delay = retryAfter ?? Math.min(RETRY_BASE_MS * 2 ** (context.job.attempts - 1), RETRY_MAX_MS);
    await this.repo.markQueued(this.ctx.db, job.id, this.ctx.now());
    this.open?.invalidate();
    throw new RetryJobError(detail, delay);
  }

  /** The provider request of a job; null when its reference picture is no longer stored. */
  private async request(job: DrawJobRow): Promise<DrawRequest | null> {
    let referenceImage: DrawRequest['referenceImage'] = null;
    if (job.params.reference_key) {
      const data = await readAll(this.ctx.storage, job.params.reference_key);
      const type = data ? sniffImage(data) : null;
      if (!data || !type) return null;
      referenceImage = { data, mime: type.mime };
    }
    return {
      generation: job.generation,
      model: job.model,
      prompt: job.prompt,
      negativePrompt: job.negative_prompt,
      size: job.size,
      style: job.style,
      quality: job.quality,
      background: job.background,
      n: job.n,
      referenceImage,
      denoisingStrength: job.params.denoising_strength ?? null,
      sampler: job.params.sampler ?? null,
      steps: job.params.steps ?? null,
      cfgScale: job.params.cfg_scale ?? null,
      seed: job.params.seed ?? null,
      ...(job.params.always_on_scripts ? { alwaysOnScripts: job.params.always_on_scripts } : {}),
    };
  }
}

/**
 * While a provider call runs: the deadline, the runner's shutdown, and the
 * row (progress written at most every PROGRESS_WRITE_MS when it changed; the
 * status read every STATUS_CHECK_MS otherwise). Whichever ends it first is
 * the stop reason; the provider's signal aborts with it.
 */
class JobWatch {
  private readonly controller = new AbortController();
  private stopReason: StopReason | null = null;
  private latest: DrawProgress | null = null;
  private written = { progress: -1, queue: null as number | null };
  private lastCheck = Date.now();
  private lastPreviewAt = 0;
  private pendingPreview: DrawnPicture | null = null;
  previewKey: string | null;
  private readonly timers: NodeJS.Timeout[] = [];
  private deadline: NodeJS.Timeout;
  private share = { done: 0, of: 1 };
  private busy: Promise<void> = Promise.resolve();
  private readonly onShutdown = () => this.stop('shutdown');

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: DrawRepository,
    private readonly job: DrawJobRow,
    private readonly runnerSignal: AbortSignal,
    private readonly timeoutMs: number,
    private readonly onWritten: (values: Pick<DrawJobRow, 'progress' | 'provider_queue' | 'preview_key'>) => void,
  ) {
    this.previewKey = job.preview_key;
    this.written = { progress: job.progress, queue: job.provider_queue };
    if (runnerSignal.aborted) this.stop('shutdown');
    else runnerSignal.addEventListener('abort', this.onShutdown, { once: true });
    this.deadline = setTimeout(() => this.stop('timeout'), timeoutMs);
    this.deadline.unref();
    this.timers.push(
      setInterval(() => {
        this.busy = this.busy.then(() => this.tick()).catch((error: unknown) => this.ctx.log.warn({ err: error, job: job.id }, 'drawing progress not written'));
      }, PROGRESS_WRITE_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Attempt `attempt` of `total` starts: its own deadline, and its progress
   * counted as its share of the whole (attempt 2 of 3 at 50% is 50% overall).
   */
  beginAttempt(attempt: number, total: number): void {
    this.share = { done: (attempt - 1) / total, of: 1 / total };
    if (attempt > 1) {
      clearTimeout(this.deadline);
      this.deadline = setTimeout(() => this.stop('timeout'), this.timeoutMs);
      this.deadline.unref();
    }
  }

  progress(progress: DrawProgress): void {
    this.latest = this.share.of === 1 ? progress : { ...progress, progress: (this.share.done + (progress.progress / 100) * this.share.of) * 100 };
    if (progress.preview) this.pendingPreview = progress.preview;
  }

  private stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort(new Error(`drawing stopped: ${reason}`));
  }

  private async tick(): Promise<void> {
    if (this.stopReason) return;
    const now = Date.now();
    let previewKey: string | undefined;
    if (this.pendingPreview && now - this.lastPreviewAt >= PREVIEW_WRITE_MS) {
      previewKey = await this.storePreview(this.pendingPreview);
      this.pendingPreview = null;
      this.lastPreviewAt = now;
    }
    const progress = this.latest ? Math.max(0, Math.min(100, Math.round(this.latest.progress))) : this.written.progress;
    const queue = this.latest ? this.latest.providerQueue : this.written.queue;
    const changed = progress !== this.written.progress || queue !== this.written.queue || previewKey !== undefined;
    if (changed) {
      const running = await this.repo.writeProgress(this.ctx.db, this.job.id, { progress: Math.max(progress, 0), provider_queue: queue, ...(previewKey !== undefined ? { preview_key: previewKey } : {}) }, this.ctx.now());
      this.written = { progress, queue };
      this.lastCheck = now;
      if (!running) this.stop('gone');
      else this.onWritten({ progress: Math.max(progress, 0), provider_queue: queue, preview_key: this.previewKey });
    } else if (now - this.lastCheck >= STATUS_CHECK_MS) {
      this.lastCheck = now;
      if ((await this.repo.status(this.ctx.db, this.job.id)) !== 'running') this.stop('gone');
    }
  }

  /** One preview file per job, overwritten (its URL carries the progress, so browsers fetch the new one). */
  private async storePreview(picture: DrawnPicture): Promise<string | undefined> {
    const type = sniffImage(picture.data);
    if (!type) return undefined;
    const key = this.previewKey && this.previewKey.endsWith(`.${type.ext}`) ? this.previewKey : newFileKey(this.ctx.now(), { visibility: 'public', kind: 'draw-preview', ext: type.ext });
    await this.ctx.storage.put(key, picture.data, type.mime);
    this.previewKey = key;
    return key;
  }

  /** Stops watching; the last progress is written. Answers why the call was stopped (null: it ended by itself). */
  async close(): Promise<StopReason | null> {
    for (const timer of this.timers) clearTimeout(timer);
    clearTimeout(this.deadline);
    this.runnerSignal.removeEventListener('abort', this.onShutdown);
    return this.checkpoint();
  }

  /** Between attempts: the progress written so far, and whether the job is still ours. */
  async checkpoint(): Promise<StopReason | null> {
    await this.busy;
    if (!this.stopReason) {
      // Whether the job is still ours: a cancel in the last instant wins over a result.
      if ((await this.repo.status(this.ctx.db, this.job.id)) !== 'running') this.stopReason = 'gone';
    }
    return this.stopReason;
  }
}
