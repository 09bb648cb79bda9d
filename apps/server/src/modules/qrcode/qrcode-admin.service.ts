import sharp from 'sharp';
import type { z } from 'zod';
import { QR_MARGIN_DEFAULT, UPLOAD_IMAGE_MAX_BYTES, type AdminQrTemplate, type QrAiSettings, type QrLook, type adminQrTemplateSaveSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import type { SettingsService } from '../settings/settings.service.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import { fileUrl } from '../draw/draw-present.js';
import { readUpload } from '../draw/draw-reference.js';
import { DrawRepository } from '../draw/draw.repository.js';
import type { QrRenderer } from './qr-engine.js';
import { PROMPT_SEEDS, STYLE_SEEDS } from './qrcode-catalog.js';
import type { QrAiSettingsStore } from './qrcode-settings.js';
import { QrRepository, type QrTemplateRow } from './qrcode.repository.js';

export type QrTemplateSaveInput = z.output<typeof adminQrTemplateSaveSchema>;

const THUMB_PX = 256;
/** What a style template's thumbnail shows (and what its look is checked against). */
const SAMPLE_CONTENT = 'https://example.com/xueba';
const MB = 1024 * 1024;
/** Keyed setting: the default templates were added once. */
const SEEDED_KEY = 'qrcode_templates_seeded';

/**
 * Admin → QR codes: style and prompt templates (a style template's look is
 * checked as a code would be, and drawn as its thumbnail unless an uploaded
 * picture is given), the AI art code settings, and the templates a new site
 * starts with.
 */
export class QrAdminService {
  private readonly repo = new QrRepository();
  private readonly uploads = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly aiSettings: QrAiSettingsStore,
    private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>,
    private readonly renderer: QrRenderer,
  ) {}

  private present(row: QrTemplateRow): AdminQrTemplate {
    return { id: row.id, kind: row.kind, names: row.names, thumb_url: row.thumb_key ? fileUrl(this.ctx.storage, row.thumb_key) : null, config: row.config, sort: row.sort, enabled: row.enabled };
  }

  async list(): Promise<{ templates: AdminQrTemplate[]; settings: QrAiSettings }> {
    const [rows, settings] = await Promise.all([this.repo.templates(this.ctx.db, { enabledOnly: false }), this.aiSettings.get()]);
    return { templates: rows.map((r) => this.present(r)), settings };
  }

  saveSettings(value: QrAiSettings): Promise<QrAiSettings> {
    return this.aiSettings.save(value);
  }

  /** A style's look as a sample code: refused as a code would be (contrast, colours), else its picture. */
  private async lookThumb(look: QrLook & { ec_level?: 'L' | 'M' | 'Q' | 'H' }): Promise<Buffer> {
    const spec = {
      content: SAMPLE_CONTENT,
      ecLevel: look.ec_level ?? 'M',
      size: THUMB_PX,
      look: { style: look.style, eye: look.eye, fg: look.fg, bg: look.bg, gradient: look.gradient, margin: look.margin ?? QR_MARGIN_DEFAULT, ...(look.fg2 ? { fg2: look.fg2 } : {}) },
    };
    this.renderer.checkStyled(spec);
    return (await this.renderer.renderStyled(spec)).png;
  }

  private async storeThumb(picture: Buffer): Promise<string> {
    const key = newFileKey(this.ctx.now(), { visibility: 'public', kind: 'qrcode-template', ext: 'webp' });
    const thumb = await sharp(picture).resize(THUMB_PX, THUMB_PX, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    await this.ctx.storage.put(key, thumb, 'image/webp');
    return key;
  }

  async saveTemplate(adminId: number, input: QrTemplateSaveInput): Promise<AdminQrTemplate> {
    const existing = input.id ? await this.repo.template(this.ctx.db, input.id) : undefined;
    if (input.id && !existing) throw notFound('qrcode_template_not_found');
    let picture: Buffer | null = null;
    if (input.thumb) {
      const upload = await readUpload(this.ctx.db, this.uploads, this.ctx.storage, adminId, input.thumb);
      if (!upload) throw new AppError('qrcode_image_invalid', 400, { max: Math.round(UPLOAD_IMAGE_MAX_BYTES / MB) });
      picture = upload.data;
    }
    if (input.kind === 'style') {
      const drawn = await this.lookThumb(input.config);
      picture ??= drawn;
    }
    const thumbKey = picture ? await this.storeThumb(picture) : (existing?.thumb_key ?? null);
    const now = this.ctx.now();
    const values = { kind: input.kind, names: JSON.stringify(input.names), config: JSON.stringify(input.config), thumb_key: thumbKey, sort: input.sort, enabled: input.enabled, updated_at: now };
    const row = existing ? await this.repo.updateTemplate(this.ctx.db, existing.id, values) : await this.repo.insertTemplate(this.ctx.db, { ...values, created_at: now });
    if (!row) throw notFound('qrcode_template_not_found');
    if (existing?.thumb_key && existing.thumb_key !== thumbKey) await this.removeFile(existing.thumb_key);
    return this.present(row);
  }

  async deleteTemplate(id: number): Promise<void> {
    const row = await this.repo.deleteTemplate(this.ctx.db, id);
    if (row?.thumb_key) await this.removeFile(row.thumb_key);
  }

  private async removeFile(key: string): Promise<void> {
    await this.ctx.storage.remove(key).catch((error: unknown) => this.ctx.log.warn({ err: error, key }, 'template thumbnail not removed'));
  }

  /**
   * A new site gets the default templates (style templates with their drawn
   * thumbnails), once: an administrator who deletes them all is not given
   * them back on the next start.
   */
  async seed(): Promise<void> {
    if ((await this.settings.getRaw(SEEDED_KEY)) || (await this.repo.templateCount(this.ctx.db)) > 0) return;
    const thumbs: string[] = [];
    for (const seed of STYLE_SEEDS) thumbs.push(await this.storeThumb(await this.lookThumb(seed.config)));
    // A prompt template's thumbnail is its theme's colours as a code: no model has drawn it yet.
    for (const seed of PROMPT_SEEDS) thumbs.push(await this.storeThumb(await this.lookThumb({ style: 'rounded', eye: 'rounded', gradient: 'linear', ...seed.palette })));
    const now = this.ctx.now();
    const seeded = await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockSeeding(tx);
      if ((await this.repo.templateCount(tx)) > 0) return false;
      for (const [sort, seed] of STYLE_SEEDS.entries()) {
        await this.repo.insertTemplate(tx, { kind: 'style', names: JSON.stringify(seed.names), config: JSON.stringify(seed.config), thumb_key: thumbs[sort] ?? null, sort, created_at: now, updated_at: now });
      }
      for (const [sort, seed] of PROMPT_SEEDS.entries()) {
        await this.repo.insertTemplate(tx, { kind: 'prompt', names: JSON.stringify(seed.names), config: JSON.stringify(seed.config), thumb_key: thumbs[STYLE_SEEDS.length + sort] ?? null, sort, created_at: now, updated_at: now });
      }
      return true;
    });
    // Another process seeded first: its thumbnails are the ones recorded.
    if (!seeded) for (const key of thumbs) await this.removeFile(key);
    await this.settings.setRaw(SEEDED_KEY, true);
  }
}

