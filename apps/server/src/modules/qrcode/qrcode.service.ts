import sharp from 'sharp';
import type { z } from 'zod';
import {
  QR_DECODE_MAX_BYTES,
  QR_EYE_STYLES,
  QR_LOGO_SCALE_DEFAULT,
  QR_MARGIN_DEFAULT,
  QR_PIXEL_STYLES,
  UPLOAD_IMAGE_MAX_BYTES,
  type Locale,
  type QrDecodeResult,
  type QrMismatch,
  type QrOptions,
  type QrRecord,
  type QrStyledResult,
  type qrAiSchema,
  type qrRecordsQuerySchema,
  type qrStyledSchema,
} from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import type { Services } from '../../services.js';
import { sniffImage } from '../upload/image-type.js';
import { DRAW_ASSET, type DrawOutcome } from '../draw/draw-outcome.js';
import { fileUrl } from '../draw/draw-present.js';
import { readAll, readUpload } from '../draw/draw-reference.js';
import type { DrawLane, DrawService } from '../draw/draw.service.js';
import { OPEN_STATUSES, type DrawJobRow } from '../draw/draw.repository.js';
import type { QrDecoder, QrRenderer, StyledSpec } from './qr-engine.js';
import { QR_AI_MARGIN, type QrAiService } from './qrcode-ai.js';
import { QrAllowance } from './qrcode-allowance.js';
import { EYE_STYLE_NAMES, localName, PIXEL_STYLE_NAMES } from './qrcode-catalog.js';
import { presentCode, presentTemplate } from './qrcode-present.js';
import { QrRepository, type QrCodeRow } from './qrcode.repository.js';

export type QrStyledInput = z.output<typeof qrStyledSchema>;
export type QrAiInput = z.output<typeof qrAiSchema>;
export type QrRecordsQuery = z.output<typeof qrRecordsQuerySchema>;

/** Thumbnails of styled codes fit in this square (the history list shows them). */
const THUMB_PX = 256;
const MB = 1024 * 1024;

/** The square in the middle of a picture (an AI code drawn wider or taller than square holds its code there). */
async function centreSquare(picture: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  if (width === height) return picture;
  const side = Math.min(width, height);
  return sharp(picture).extract({ left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2), width: side, height: side }).png().toBuffer();
}

/** Who asks: a signed-in user, or a visitor known by address. */
export interface QrAsker {
  userId: number | null;
  ip: string;
}

/**
 * QR codes for users: styled codes made, verified and stored at once (or
 * refused with the reason, nothing stored and nothing counted), the decode
 * path of an uploaded picture, what the page offers, the history, the
 * mismatch view, and cancel and delete (an AI code's through its drawing:
 * one refund).
 */
export class QrService {
  readonly repo = new QrRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings' | 'ledger' | 'userInfo'>,
    private readonly draw: { service: DrawService; lane: Pick<DrawLane, 'positions'>; outcome: DrawOutcome },
    private readonly ai: QrAiService,
    private readonly allowance: QrAllowance,
    private readonly renderer: QrRenderer,
    private readonly decoder: QrDecoder,
  ) {}

  styles(locale: Locale): { lists: { key: (typeof QR_PIXEL_STYLES)[number]; name: string }[] } {
    return { lists: QR_PIXEL_STYLES.map((key) => ({ key, name: PIXEL_STYLE_NAMES[key][locale] })) };
  }

  async options(asker: QrAsker, locale: Locale): Promise<QrOptions> {
    const [templates, free, enabled, settings, balances] = await Promise.all([
      this.repo.templates(this.ctx.db, { enabledOnly: true }),
      this.allowance.status(asker),
      this.ai.enabled(),
      this.ai.settings(),
      asker.userId === null ? Promise.resolve(null) : this.deps.ledger.balances(asker.userId),
    ]);
    const offers = enabled ? await this.draw.service.familyOffers('sd') : null;
    const all = offers ? offers.channels.flatMap((c) => c.offers) : [];
    const sizes = new Map<string, number>();
    for (const offer of all) if (!sizes.has(offer.size)) sizes.set(offer.size, offer.price);
    const shown = templates.map((t) => presentTemplate(this.ctx.storage, t, locale));
    return {
      styles: this.styles(locale).lists,
      eyes: QR_EYE_STYLES.map((key) => ({ key, name: localName(EYE_STYLE_NAMES[key], locale) })),
      templates: { style: shown.filter((t) => t.kind === 'style'), prompt: shown.filter((t) => t.kind === 'prompt') },
      free,
      ai: {
        enabled: enabled && all.length > 0,
        models: [...new Set(all.map((o) => o.model))],
        sizes: [...sizes].map(([size, price]) => ({ size, price })),
        max_attempts: settings.max_attempts,
      },
      balance: balances === null ? null : (balances[DRAW_ASSET] ?? 0),
    };
  }

  /** A logo or background picture: this user's upload, PNG, JPEG or WebP by its bytes, within the upload limit. */
  private async picture(userId: number | null, uri: string | undefined): Promise<Buffer | undefined> {
    if (uri === undefined) return undefined;
    const invalid = () => new AppError('qrcode_image_invalid', 400, { max: Math.round(UPLOAD_IMAGE_MAX_BYTES / MB) });
    // Visitors cannot upload: a visitor's code has no logo or background of its own.
    if (userId === null) throw invalid();
    const upload = await readUpload(this.ctx.db, this.draw.service.repo, this.ctx.storage, userId, uri);
    if (!upload) throw invalid();
    return upload.data;
  }

  async styled(asker: QrAsker, input: QrStyledInput): Promise<QrStyledResult> {
    const content = this.renderer.encodeContent(input);
    const [logo, background] = [await this.picture(asker.userId, input.logo), await this.picture(asker.userId, input.background_image)];
    const spec: StyledSpec = {
      content,
      ecLevel: input.ec_level,
      ...(input.version !== undefined ? { version: input.version } : {}),
      size: input.size,
      look: { style: input.style, eye: input.eye, fg: input.fg, bg: input.bg, gradient: input.gradient, margin: input.margin ?? QR_MARGIN_DEFAULT, ...(input.fg2 ? { fg2: input.fg2 } : {}) },
      ...(logo ? { logo: { data: logo, scale: input.logo_scale ?? QR_LOGO_SCALE_DEFAULT } } : {}),
      ...(background ? { background } : {}),
    };
    // What can be refused before making a code is refused before the allowance is counted.
    this.renderer.checkStyled(spec);
    const ticket = await this.allowance.take(asker);
    try {
      const made = await this.renderer.renderStyled(spec);
      const check = await this.decoder.verify(made.png, content);
      if (!check.ok) throw new AppError('qrcode_unreadable', 422, { detail: check.detail });
      const row = await this.store(asker.userId, input, spec, made.png, made.svg, check, made.matrix.version);
      return { id: row.id, png_url: this.url(row.png_key!), svg_url: this.url(row.svg_key!), verified: row.verified!, content, version: made.matrix.version, ec_level: input.ec_level, size: input.size };
    } catch (error) {
      await ticket.giveBack();
      throw error;
    }
  }

  private url(key: string): string {
    return fileUrl(this.ctx.storage, key);
  }

  /** PNG, SVG and a WebP thumbnail under public unguessable keys, then the row; the files go again if the row fails. */
  private async store(userId: number | null, input: QrStyledInput, spec: StyledSpec, png: Buffer, svg: string, check: { zxing: boolean; jsqr: boolean; sizes: number[] }, version: number): Promise<QrCodeRow> {
    const now = this.ctx.now();
    const keys = { png: newFileKey(now, { visibility: 'public', kind: 'qrcode', ext: 'png' }), svg: newFileKey(now, { visibility: 'public', kind: 'qrcode', ext: 'svg' }), thumb: newFileKey(now, { visibility: 'public', kind: 'qrcode', ext: 'webp' }) };
    const thumb = await sharp(png).resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
    try {
      await this.ctx.storage.put(keys.png, png, 'image/png');
      await this.ctx.storage.put(keys.svg, Buffer.from(svg, 'utf8'), 'image/svg+xml');
      await this.ctx.storage.put(keys.thumb, thumb, 'image/webp');
      return await this.repo.insertCode(this.ctx.db, {
        user_id: userId,
        mode: 'styled',
        type: input.type,
        data: JSON.stringify(input.data),
        content: spec.content,
        look: JSON.stringify(spec.look),
        ec_level: input.ec_level,
        version,
        size: input.size,
        png_key: keys.png,
        svg_key: keys.svg,
        thumb_key: keys.thumb,
        verified: JSON.stringify({ zxing: check.zxing, jsqr: check.jsqr, sizes: check.sizes }),
        template_id: input.template_id ?? null,
        created_at: now,
      });
    } catch (error) {
      await this.draw.outcome.removeFiles(Object.values(keys));
      throw error;
    }
  }

  /** The upload path: a photo of a code → its text, taken apart into a type's form. */
  async decode(data: Buffer): Promise<QrDecodeResult> {
    const type = sniffImage(data);
    if (data.length === 0 || data.length > QR_DECODE_MAX_BYTES || !type || type.ext === 'gif') throw new AppError('qrcode_decode_invalid', 415);
    const found = await this.decoder.decodeUpload(data);
    if (!found) throw new AppError('qrcode_not_found', 422);
    return { text: found.text, decoder: found.decoder, variant: found.variant, parsed: this.renderer.parseContent(found.text) };
  }

  private async present(listed: QrCodeRow[], locale: Locale): Promise<QrRecord[]> {
    const jobs = await this.repo.jobs(this.ctx.db, listed.flatMap((r) => (r.draw_job_id === null ? [] : [r.draw_job_id])));
    // An AI code gets its picture in the transaction that ends its drawing: read after the drawing, it has it
    // whenever the drawing reads as a success.
    const fresh = await this.repo.codesByIds(this.ctx.db, listed.filter((r) => r.mode === 'ai').map((r) => r.id));
    const rows = listed.flatMap((r) => (r.mode !== 'ai' ? [r] : fresh.has(r.id) ? [fresh.get(r.id)!] : []));
    const waiting = [...jobs.values()].filter((j) => j.status === 'queued').map((j) => j.id);
    const queueIds = await this.draw.service.repo.queueIds(this.ctx.db, waiting);
    const positions = await this.draw.lane.positions([...queueIds.values()]);
    return rows.map((row) => {
      const job = row.draw_job_id === null ? null : (jobs.get(row.draw_job_id) ?? null);
      const queueId = job ? queueIds.get(job.id) : undefined;
      return presentCode(this.ctx.storage, row, job, queueId ? (positions.get(queueId) ?? 0) : 0, locale);
    });
  }

  private async own(userId: number, id: number): Promise<QrCodeRow> {
    const row = await this.repo.codeOf(this.ctx.db, userId, id);
    if (!row) throw notFound('qrcode_record_not_found');
    return row;
  }

  async records(userId: number, query: QrRecordsQuery, locale: Locale) {
    const { rows, count } = await this.repo.records(this.ctx.db, userId, query);
    return { lists: await this.present(rows, locale), count, page_no: query.page_no, page_size: query.page_size };
  }

  async detail(userId: number, id: number, locale: Locale): Promise<QrRecord> {
    const [record] = await this.present([await this.own(userId, id)], locale);
    if (!record) throw notFound('qrcode_record_not_found');
    return record;
  }

  /** The module grid rebuilt from the content (its level, version and margin as made) against the stored picture. */
  async mismatch(userId: number, id: number): Promise<QrMismatch> {
    const row = await this.own(userId, id);
    const stored = row.png_key ? await readAll(this.ctx.storage, row.png_key, 64 * MB) : null;
    if (!stored) throw notFound('qrcode_record_not_found');
    const picture = await centreSquare(stored);
    const matrix = this.renderer.buildMatrix(row.content, row.ec_level, row.version ?? undefined);
    const margin = row.mode === 'ai' ? QR_AI_MARGIN : (row.look?.margin ?? QR_MARGIN_DEFAULT);
    const found = await this.decoder.mismatch(picture, matrix, margin);
    return { count: matrix.count, margin, modules: Array.from(matrix.modules, (m) => (m ? '1' : '0')).join(''), wrong: found.wrong, ratio: found.ratio };
  }

  private async job(row: QrCodeRow): Promise<DrawJobRow | undefined> {
    return row.draw_job_id === null ? undefined : this.draw.service.repo.job(this.ctx.db, row.draw_job_id);
  }

  /** Cancels an open AI code (refunded once through its drawing); a cancelled one answers as it is. */
  async cancel(userId: number, id: number, locale: Locale): Promise<QrRecord> {
    const row = await this.own(userId, id);
    const job = await this.job(row);
    if (job && OPEN_STATUSES.includes(job.status)) await this.draw.outcome.end(job.id, 'cancelled', 'draw_cancelled');
    const after = await this.job(row);
    if (after?.status !== 'cancelled') throw conflict('draw_not_cancellable');
    return this.detail(userId, id, locale);
  }

  /** Deletes a code and its files; an open AI code is cancelled (refunded) first, and its drawing record goes with it. */
  async delete(userId: number, id: number): Promise<void> {
    const row = await this.repo.codeOf(this.ctx.db, userId, id);
    if (!row) return;
    const job = await this.job(row);
    if (job && OPEN_STATUSES.includes(job.status)) await this.draw.outcome.end(job.id, 'cancelled', 'draw_cancelled');
    // An AI code's picture is its drawing's: it goes with the drawing record.
    const files = row.mode === 'ai' ? [] : [row.png_key, row.svg_key, row.thumb_key].filter((k): k is string => k !== null);
    if (job) await this.draw.service.delete(userId, job.id, job.kind);
    await this.repo.deleteCode(this.ctx.db, row.id);
    await this.draw.outcome.removeFiles(files);
  }
}
