import type { z } from 'zod';
import type { DrawFamily, DrawGeneration, DrawModelOption, DrawOffer, DrawOptions, DrawRecord, DrawSettings, Locale, drawRecordsQuerySchema, drawSubmitSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { Services } from '../../services.js';
import type { DrawChannel, DrawChannels } from './draw-channels.js';
import { modelOptions, modelTraits } from './draw-offers.js';
import { DRAW_ASSET, type DrawOutcome } from './draw-outcome.js';
import type { OpenDrawJobs } from './draw-open-jobs.js';
import { presentImage, presentRecord } from './draw-present.js';
import { checkReference } from './draw-reference.js';
import { DRAW_JOB, DRAW_MAX_ATTEMPTS } from './draw-run.js';
import type { DrawSettingsStore } from './draw-settings.js';
import { DrawRepository, drawJobRef, OPEN_STATUSES, type DrawJobRow } from './draw.repository.js';
import type { DrawJobParams } from './draw.tables.js';

export type DrawSubmitInput = z.output<typeof drawSubmitSchema>;
export type DrawRecordsQuery = z.output<typeof drawRecordsQuerySchema>;

/** The queue operations drawing uses (its own lane of the job runner). */
export type DrawLane = Pick<JobRunner, 'enqueue' | 'wake' | 'positions' | 'dequeue'>;

/** A family's offer as the pickers and the submit check read it: per channel, in order. */
interface FamilyOffers {
  family: DrawFamily;
  channels: { channel: DrawChannel; offers: DrawOffer[] }[];
  samplers: string[];
}

/** A checked drawing job about to be accepted (charged, recorded and queued). */
export interface DrawJobDraft {
  /** 'draw', or the feature drawing through the queue (its plan runs it, see draw-kinds.ts). */
  kind?: string;
  family: DrawFamily;
  channelKey: string;
  model: string;
  generation: DrawGeneration;
  prompt: string;
  negativePrompt: string;
  size: string;
  style: string | null;
  quality: string | null;
  background: string | null;
  n: number;
  params: DrawJobParams;
  cost: number;
}

/** Localised name of a keyword style (English, then Chinese when a language has none). */
function styleName(names: DrawSettings['styles'][number]['names'], locale: Locale): string {
  return names[locale] || names.en || names.zh;
}

/**
 * Drawing for users: what is on offer, accepting a job (checks, then the
 * charge, the record and the queue row in one transaction), the records,
 * cancel, select and delete.
 */
export class DrawService {
  readonly repo = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings' | 'ledger' | 'models'>,
    private readonly channels: DrawChannels,
    private readonly drawSettings: DrawSettingsStore,
    private readonly lane: DrawLane,
    private readonly outcome: DrawOutcome,
    private readonly open: OpenDrawJobs,
  ) {}

  async familyOffers(family: DrawFamily): Promise<FamilyOffers> {
    const channels = await this.channels.enabledOf(family);
    const listed = await Promise.all(channels.map(async (channel) => ({ channel, ...(await this.channels.offers(channel)) })));
    return {
      family,
      channels: listed.map(({ channel, offers }) => ({ channel, offers })),
      samplers: [...new Set(listed.flatMap((l) => l.samplers))],
    };
  }

  async options(userId: number | null, locale: Locale): Promise<DrawOptions> {
    const [site, families, settings, model, balances] = await Promise.all([
      this.deps.settings.site(),
      this.channels.enabledFamilies(),
      this.drawSettings.get(),
      this.deps.models.resolve(undefined, locale),
      userId === null ? Promise.resolve(null) : this.deps.ledger.balances(userId),
    ]);
    const offered = await Promise.all(families.map((f) => this.familyOffers(f)));
    const listed = offered
      .map((f) => ({ family: f.family, models: modelOptions(f.family, f.channels.flatMap((c) => c.offers)), samplers: f.samplers }))
      .filter((f) => f.models.length > 0);
    return {
      enabled: site.draw.is_open && listed.length > 0,
      families: listed,
      styles: settings.styles.map((s) => ({ key: s.key, name: styleName(s.names, locale), keywords: s.keywords })),
      balance: balances === null ? null : (balances[DRAW_ASSET] ?? 0),
      suggest_offline: model.client === null,
    };
  }

  /** The channel, model option and price a submit asks for, or the refusal that says what is wrong. */
  async resolveOffer(input: Pick<DrawSubmitInput, 'family' | 'model' | 'size'>): Promise<{ channel: DrawChannel; option: DrawModelOption; price: number; samplers: string[] }> {
    const site = await this.deps.settings.site();
    if (!site.draw.is_open) throw new AppError('drawing_disabled', 403);
    const offers = await this.familyOffers(input.family);
    if (offers.channels.length === 0) throw new AppError('drawing_disabled', 403);
    const all = offers.channels.flatMap((c) => c.offers);
    const model = input.model || all[0]?.model;
    const option = model ? modelOptions(input.family, all).find((o) => o.model === model) : undefined;
    if (!option) throw badRequest('draw_model_unavailable');
    for (const { channel, offers: list } of offers.channels) {
      const offer = list.find((o) => o.model === option.model && o.size === input.size);
      if (offer) return { channel, option, price: offer.price, samplers: offers.samplers };
    }
    throw badRequest('draw_size_invalid');
  }

  async submit(userId: number, input: DrawSubmitInput): Promise<{ id: number; position: number; cost: number }> {
    const { channel, option, price, samplers } = await this.resolveOffer(input);
    const settings = await this.drawSettings.get();
    const traits = modelTraits(input.family, option.model);
    const invalid = (field: string) => badRequest('draw_option_invalid', { field });
    if (!option.generations.includes(input.generation)) throw invalid('generation');
    if (input.quality && !traits.qualities.includes(input.quality)) throw invalid('quality');
    if (input.background && !traits.backgrounds.includes(input.background)) throw invalid('background');
    // A model without styles of its own (sd, yj) takes a keyword style of the suggestion lists, recorded as chosen.
    if (input.style && !traits.styles.includes(input.style) && (traits.styles.length > 0 || !settings.styles.some((s) => s.key === input.style))) throw invalid('style');
    if (input.n > option.max_pictures) throw invalid('n');
    if (input.family === 'sd' && input.sampler && samplers.length > 0 && !samplers.includes(input.sampler)) throw invalid('sampler');
    let referenceKey: string | null = null;
    if (input.generation === 'img2img') {
      if (!input.reference_image) throw badRequest('draw_reference_required');
      referenceKey = await checkReference(this.ctx.db, this.repo, this.ctx.storage, userId, input.reference_image);
    }
    const sd = input.family === 'sd';
    const { id, position, cost } = await this.accept(userId, {
      family: input.family,
      channelKey: channel.key,
      model: option.model,
      generation: input.generation,
      prompt: input.prompt,
      negativePrompt: input.negative_prompt ?? '',
      size: input.size,
      style: input.style ?? null,
      quality: input.quality ?? null,
      background: input.background ?? null,
      n: input.n,
      params: {
        reference_key: referenceKey,
        denoising_strength: input.generation === 'img2img' ? (input.denoising_strength ?? null) : null,
        sampler: sd ? (input.sampler ?? null) : null,
        steps: sd ? (input.steps ?? null) : null,
        cfg_scale: sd ? (input.cfg_scale ?? null) : null,
        seed: input.seed ?? null,
      },
      cost: price * input.n,
    });
    return { id, position, cost };
  }

  /**
   * Accepts a checked drawing job, whatever feature asks for it: in one
   * transaction the user's open-job limit, the `draw_jobs` row, the charge in
   * drawing counts and the queue row; `within` adds the asking feature's own
   * rows to the same transaction (an AI art code's record). Then the lane is
   * woken and the job's place in line answered.
   */
  async accept<T = undefined>(userId: number, draft: DrawJobDraft, within?: (tx: Tx, job: DrawJobRow) => Promise<T>): Promise<{ id: number; position: number; cost: number; extra: T | undefined }> {
    const settings = await this.drawSettings.get();
    const text = `${draft.prompt}\n${draft.negativePrompt}`.toLowerCase();
    if (settings.sensitive_words.some((word) => text.includes(word.toLowerCase()))) throw badRequest('draw_sensitive');
    const now = this.ctx.now();
    const { cost } = draft;
    const { id, queueId, extra } = await transaction(this.ctx.db, async (tx, afterCommit) => {
      await this.repo.lockUser(tx, userId);
      if ((await this.repo.openCount(tx, userId)) >= settings.per_user_queued) throw new AppError('draw_too_many_jobs', 429, { max: settings.per_user_queued });
      const job = await this.repo.insertJob(tx, {
        user_id: userId,
        kind: draft.kind ?? 'draw',
        status: 'queued',
        family: draft.family,
        channel_key: draft.channelKey,
        model: draft.model,
        generation: draft.generation,
        prompt: draft.prompt,
        negative_prompt: draft.negativePrompt,
        size: draft.size,
        style: draft.style,
        quality: draft.quality,
        background: draft.background,
        n: draft.n,
        params: JSON.stringify(draft.params),
        cost,
        created_at: now,
        updated_at: now,
      });
      if (cost > 0) {
        await this.deps.ledger.applyInTx(tx, { userId, asset: DRAW_ASSET, delta: -cost, reason: 'draw', refType: 'draw', refId: String(job.id), idempotencyKey: `draw:${job.id}:charge` });
        afterCommit(() => this.ctx.bus.publish('user', String(userId)));
      }
      const added = within ? await within(tx, job) : undefined;
      const queued = await this.lane.enqueue(tx, DRAW_JOB, { id: job.id }, { ref: drawJobRef(job.id), maxAttempts: DRAW_MAX_ATTEMPTS, fairKey: String(userId), slotKey: draft.channelKey });
      return { id: job.id, queueId: queued, extra: added };
    });
    this.lane.wake();
    const position = (await this.lane.positions([queueId])).get(queueId) ?? 0;
    return { id, position, cost, extra };
  }

  private async present(rows: DrawJobRow[], locale: Locale): Promise<DrawRecord[]> {
    // Pictures exist only once a job succeeded: a page polling an open job costs one query, not three.
    const drawn = rows.filter((r) => r.status === 'success').map((r) => r.id);
    const waiting = rows.filter((r) => r.status === 'queued').map((r) => r.id);
    const [images, queueIds] = await Promise.all([this.repo.images(this.ctx.db, drawn), this.repo.queueIds(this.ctx.db, waiting)]);
    const positions = await this.lane.positions([...queueIds.values()]);
    return rows.map((row) => {
      const queueId = queueIds.get(row.id);
      return presentRecord(
        this.ctx.storage,
        row,
        images.filter((i) => i.job_id === row.id),
        queueId ? (positions.get(queueId) ?? 0) : 0,
        locale,
      );
    });
  }

  private async own(userId: number, id: number): Promise<DrawJobRow> {
    const row = await this.repo.jobOf(this.ctx.db, userId, id);
    if (!row) throw notFound('draw_not_found');
    return row;
  }

  /** A job as its page polls it: an open job from the shared view of open jobs (no statement of its own), an ended one from the database. */
  async detail(userId: number, id: number, locale: Locale): Promise<DrawRecord> {
    const open = await this.open.find(userId, id, 'draw');
    if (!open) return this.stored(userId, id, locale);
    const waiting = open.row.status === 'queued' && open.queueId;
    const position = waiting ? ((await this.lane.positions([open.queueId!])).get(open.queueId!) ?? 0) : 0;
    return presentRecord(this.ctx.storage, open.row, [], position, locale);
  }

  private async stored(userId: number, id: number, locale: Locale): Promise<DrawRecord> {
    const [record] = await this.present([await this.own(userId, id)], locale);
    return record!;
  }

  async records(userId: number, query: DrawRecordsQuery, locale: Locale) {
    const { rows, count } = await this.repo.records(this.ctx.db, userId, query);
    return { lists: await this.present(rows, locale), count, page_no: query.page_no, page_size: query.page_size };
  }

  /** Cancels a queued or running job (refunded once); cancelling a cancelled job again answers it as it is. */
  async cancel(userId: number, id: number, locale: Locale): Promise<DrawRecord> {
    const row = await this.own(userId, id);
    if (OPEN_STATUSES.includes(row.status)) await this.outcome.end(id, 'cancelled', 'draw_cancelled');
    const after = await this.own(userId, id);
    if (after.status !== 'cancelled') throw conflict('draw_not_cancellable');
    return this.stored(userId, id, locale);
  }

  async select(userId: number, imageId: number, selected: boolean) {
    const image = await this.repo.setSelected(this.ctx.db, userId, imageId, selected);
    if (!image) throw notFound('square_image_not_found');
    return presentImage(this.ctx.storage, image);
  }

  /** Deletes a record (of a kind: another feature's drawings are deleted through it) and its pictures; an open job is cancelled (and refunded) first. Deleting twice is fine. */
  async delete(userId: number, id: number, kind = 'draw'): Promise<void> {
    const row = await this.repo.jobOf(this.ctx.db, userId, id, kind);
    if (!row) return;
    if (OPEN_STATUSES.includes(row.status)) await this.outcome.end(id, 'cancelled', 'draw_cancelled');
    const images = await this.repo.images(this.ctx.db, [id]);
    const preview = (await this.repo.job(this.ctx.db, id))?.preview_key ?? null;
    await transaction(this.ctx.db, (tx) => this.repo.deleteJob(tx, id));
    await this.outcome.removeFiles([...images.flatMap((i) => [i.storage_key, i.thumb_key]), ...(preview ? [preview] : [])]);
  }
}
