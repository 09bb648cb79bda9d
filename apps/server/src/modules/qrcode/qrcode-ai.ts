import type { Insertable } from 'kysely';
import { z } from 'zod';
import { QR_AI_RECIPES, QR_CONTROL_MODES, QR_EC_LEVELS, type QrAiSettings, type QrEcLevel } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { DrawRequest, DrawResult } from '../../providers/draw/draw-provider.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DrawChannels } from '../draw/draw-channels.js';
import type { DrawKindPlan } from '../draw/draw-kinds.js';
import { checkReference } from '../draw/draw-reference.js';
import type { DrawService } from '../draw/draw.service.js';
import type { DrawJobRow } from '../draw/draw.repository.js';
import type { DrawImagesTable } from '../draw/draw.tables.js';
import type { QrDecoder, QrRenderer, Verification } from './qr-engine.js';
import type { QrAiSettingsStore } from './qrcode-settings.js';
import { QrRepository } from './qrcode.repository.js';
import type { QrAiInput } from './qrcode.service.js';

export const QR_DRAW_KIND = 'qrcode';
/** Quiet zone (modules) of an AI code's ControlNet input: the mismatch view places its grid by it. */
export const QR_AI_MARGIN = 2;
/** ControlNet takes weights up to this. */
const WEIGHT_MAX = 2;
/** The brightness + tile recipe: each unit's share of the weight. */
const BRIGHTNESS_SHARE = 0.4;
const TILE_SHARE = 0.6;

/** What an AI code's job carries for its plan (`draw_jobs.params.kind_params`), fixed when it was accepted. */
const qrKindParamsSchema = z.object({
  content: z.string().min(1),
  ec_level: z.enum(QR_EC_LEVELS),
  margin: z.number().int().min(0),
  recipe: z.enum(QR_AI_RECIPES),
  models: z.object({ monster: z.string(), brightness: z.string(), tile: z.string() }),
  weight: z.number(),
  weight_step: z.number(),
  guidance_start: z.number(),
  guidance_end: z.number(),
  control_mode: z.enum(QR_CONTROL_MODES),
});
type QrKindParams = z.infer<typeof qrKindParamsSchema>;

/** One ControlNet unit of the A1111 extension's `alwayson_scripts.ControlNet.args`. */
function unit(image: string, model: string, weight: number, p: QrKindParams): Record<string, unknown> {
  return {
    enabled: true,
    input_image: image,
    module: 'none',
    model,
    weight: Math.round(Math.min(WEIGHT_MAX, weight) * 1000) / 1000,
    guidance_start: p.guidance_start,
    guidance_end: p.guidance_end,
    control_mode: p.control_mode,
    resize_mode: 'Resize and Fill',
    pixel_perfect: false,
  };
}

/** The ControlNet units of one attempt at `weight`: the QR model alone, or brightness and tile sharing it. */
export function controlNetScripts(image: string, weight: number, p: QrKindParams): Record<string, unknown> {
  const args = p.recipe === 'monster' ? [unit(image, p.models.monster, weight, p)] : [unit(image, p.models.brightness, weight * BRIGHTNESS_SHARE, p), unit(image, p.models.tile, weight * TILE_SHARE, p)];
  return { ControlNet: { args } };
}

function squareSide(size: string): number {
  const match = /^(\d+)x(\d+)$/.exec(size);
  return match ? Math.min(Number(match[1]), Number(match[2])) : 512;
}

/**
 * AI art codes: accepted as drawing jobs of kind `qrcode` on the Stable
 * Diffusion channel through the drawing's one accept path (charge, record,
 * queue, and the code's own row in the same transaction), and drawn by the
 * plan below: every attempt's pictures are verified; the first that scans is
 * kept; otherwise the next attempt draws with a stronger ControlNet weight;
 * none scans: the job fails with the one refund.
 */
export class QrAiService implements DrawKindPlan {
  private readonly repo = new QrRepository();
  /** What verified the kept picture, from `accept` to `succeeded` of the same run. */
  private readonly verified = new Map<number, Verification>();
  private readonly lastDetail = new Map<number, string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: Pick<SettingsService, 'site'>; channels: DrawChannels; draw: DrawService; aiSettings: QrAiSettingsStore },
    private readonly renderer: QrRenderer,
    private readonly decoder: QrDecoder,
  ) {}

  /** Whether AI codes can be made now: drawing is open and a Stable Diffusion channel is on. */
  async enabled(): Promise<boolean> {
    const site = await this.deps.settings.site();
    return site.draw.is_open && (await this.deps.channels.enabledOf('sd')).length > 0;
  }

  settings(): Promise<QrAiSettings> {
    return this.deps.aiSettings.get();
  }

  async submit(userId: number, input: QrAiInput): Promise<{ id: number; draw_id: number; position: number; cost: number }> {
    if (!(await this.enabled())) throw new AppError('qrcode_ai_disabled', 403);
    const content = this.renderer.encodeContent(input);
    // Refuses content that no version at this level holds, before anything is charged.
    this.renderer.buildMatrix(content, input.ec_level);
    const { channel, option, price } = await this.deps.draw.resolveOffer({ family: 'sd', model: input.model, size: input.size });
    let referenceKey: string | null = null;
    if (input.generation === 'img2img') {
      if (!input.reference_image) throw badRequest('draw_reference_required');
      referenceKey = await checkReference(this.ctx.db, this.deps.draw.repo, this.ctx.storage, userId, input.reference_image);
    }
    const settings = await this.deps.aiSettings.get();
    const kindParams = this.kindParams(content, input.ec_level, settings, input.controlnet ?? {});
    const now = this.ctx.now();
    const accepted = await this.deps.draw.accept(
      userId,
      {
        kind: QR_DRAW_KIND,
        family: 'sd',
        channelKey: channel.key,
        model: option.model,
        generation: input.generation,
        prompt: input.prompt,
        negativePrompt: input.negative_prompt ?? '',
        size: input.size,
        style: null,
        quality: null,
        background: null,
        n: 1,
        params: {
          reference_key: referenceKey,
          denoising_strength: input.generation === 'img2img' ? (input.denoising_strength ?? null) : null,
          attempt: 1,
          attempts: settings.max_attempts,
          kind_params: kindParams,
        },
        cost: price,
      },
      (tx, job) =>
        this.repo.insertCode(tx, {
          user_id: userId,
          mode: 'ai',
          type: input.type,
          data: JSON.stringify(input.data),
          content,
          look: null,
          ec_level: input.ec_level,
          version: null,
          size: squareSide(input.size),
          draw_job_id: job.id,
          template_id: input.template_id ?? null,
          created_at: now,
        }),
    );
    return { id: accepted.extra!.id, draw_id: accepted.id, position: accepted.position, cost: accepted.cost };
  }

  private kindParams(content: string, ecLevel: QrEcLevel, s: QrAiSettings, asked: NonNullable<QrAiInput['controlnet']>): QrKindParams {
    return {
      content,
      ec_level: ecLevel,
      margin: QR_AI_MARGIN,
      recipe: asked.recipe ?? s.recipe,
      models: { monster: s.monster_model, brightness: s.brightness_model, tile: s.tile_model },
      weight: asked.weight ?? s.weight,
      weight_step: s.weight_step,
      guidance_start: asked.guidance_start ?? s.guidance_start,
      guidance_end: asked.guidance_end ?? s.guidance_end,
      control_mode: asked.control_mode ?? s.control_mode,
    };
  }

  private paramsOf(job: DrawJobRow): QrKindParams {
    return qrKindParamsSchema.parse(job.params.kind_params);
  }

  // ---- the drawing plan of kind `qrcode`

  async requests(job: DrawJobRow, base: DrawRequest): Promise<DrawRequest[]> {
    const p = this.paramsOf(job);
    const matrix = this.renderer.buildMatrix(p.content, p.ec_level);
    // Whole pixels per module, so the grid lies exactly on the picture ControlNet scales to the drawing
    // (the mismatch view places it by the margin alone).
    const total = matrix.count + 2 * p.margin;
    const side = Math.max(total, Math.floor(squareSide(job.size) / total) * total);
    const image = (await this.renderer.controlImage(matrix, side, p.margin)).toString('base64');
    const attempts = Math.max(1, job.params.attempts ?? 1);
    return Array.from({ length: attempts }, (_, i) => ({ ...base, alwaysOnScripts: controlNetScripts(image, p.weight + i * p.weight_step, p) }));
  }

  async accept(job: DrawJobRow, result: DrawResult): Promise<DrawResult | null> {
    const { content } = this.paramsOf(job);
    for (const picture of result.pictures) {
      const check = await this.decoder.verify(picture.data, content);
      if (check.ok) {
        this.verified.set(job.id, check);
        this.lastDetail.delete(job.id);
        return { ...result, pictures: [picture] };
      }
      this.lastDetail.set(job.id, check.detail);
    }
    return null;
  }

  async succeeded(tx: Tx, job: DrawJobRow, images: Insertable<DrawImagesTable>[]): Promise<void> {
    const check = this.verified.get(job.id);
    this.verified.delete(job.id);
    const [image] = images;
    const code = await this.repo.codeOfJob(tx, job.id);
    if (!image || !code) return;
    await this.repo.updateCode(tx, code.id, {
      png_key: image.storage_key,
      thumb_key: image.thumb_key,
      verified: check ? JSON.stringify({ zxing: check.zxing, jsqr: check.jsqr, sizes: check.sizes }) : null,
    });
  }

  exhausted(job: DrawJobRow, attempts: number): { reason: 'qrcode_fail_unreadable'; detail: string } {
    const last = this.lastDetail.get(job.id) ?? 'no picture';
    this.lastDetail.delete(job.id);
    return { reason: 'qrcode_fail_unreadable', detail: `none of ${attempts} attempts scanned (last: ${last})` };
  }
}
