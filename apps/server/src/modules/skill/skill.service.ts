import sharp from 'sharp';
import type { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, type AdminSkill, type adminSkillSaveSchema, type ChatSkill, type Locale, type Skill, type SkillCategory } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newFileKey } from '../../providers/storage/file-keys.js';
import { fileUrl } from '../draw/draw-present.js';
import { readUpload } from '../draw/draw-reference.js';
import { DrawRepository } from '../draw/draw.repository.js';
import type { ModelsService } from '../models/models.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { SkillRepository, type SkillRow } from './skill.repository.js';
import { SEED_SKILLS } from './skill.seed.js';
import type { SkillText } from './skill.tables.js';

export type SkillSaveInput = z.output<typeof adminSkillSaveSchema>;

const ICON_PX = 128;
const MB = 1024 * 1024;
/** Keyed setting: the built-in skills were added once (an operator who deletes them does not get them back). */
const SEEDED_KEY = 'skills_seeded';

/** The text in the locale, else the Chinese (which every skill has). */
export function skillText(text: SkillText, locale: Locale): string {
  return text[locale].trim() || text.zh;
}

/** What a chat needs of a skill: its prompt in the request locale and the model it prefers. */
export interface SkillForChat {
  id: number;
  prompt: string;
  model: string | null;
}

/** The skill catalogue, favourites, Admin → Skills, and the skill a chat answers with. */
export class SkillService {
  private readonly repo = new SkillRepository();
  private readonly uploads = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly models: Pick<ModelsService, 'resolve'>,
    private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>,
  ) {}

  private iconUrl(row: SkillRow): string | null {
    return row.icon_key ? fileUrl(this.ctx.storage, row.icon_key) : null;
  }

  private present(row: SkillRow & { favorite: boolean }, locale: Locale): Skill {
    return {
      id: row.id,
      name: skillText(row.names, locale),
      description: skillText(row.descriptions, locale),
      category: row.category,
      icon_emoji: row.icon_emoji,
      icon_url: this.iconUrl(row),
      model: row.model,
      starters: row.starters.map((s) => skillText(s, locale)),
      use_count: row.use_count,
      favorite: row.favorite,
    };
  }

  private presentAdmin(row: SkillRow, favorites: number): AdminSkill {
    return {
      id: row.id,
      names: row.names,
      descriptions: row.descriptions,
      prompts: row.prompts,
      starters: row.starters,
      category: row.category,
      icon_emoji: row.icon_emoji,
      icon_url: this.iconUrl(row),
      model: row.model,
      enabled: row.enabled,
      sort: row.sort,
      use_count: row.use_count,
      favorites,
    };
  }

  async catalogue(userId: number | null, locale: Locale, query: { category?: SkillCategory; keyword?: string; favorites?: '0' | '1' }): Promise<{ lists: Skill[] }> {
    const rows = await this.repo.catalogue(this.ctx.db, { userId, category: query.category, keyword: query.keyword || undefined, favoritesOnly: query.favorites === '1' });
    return { lists: rows.map((r) => this.present(r, locale)) };
  }

  async detail(userId: number | null, id: number, locale: Locale): Promise<Skill> {
    const row = await this.repo.enabled(this.ctx.db, id, userId);
    if (!row) throw notFound('skill_not_found');
    return this.present(row, locale);
  }

  async favorite(userId: number, id: number, favorite: boolean): Promise<{ favorite: boolean }> {
    // Favouriting needs an enabled skill; taking a favourite away works for any.
    if (favorite && !(await this.repo.enabled(this.ctx.db, id, null))) throw notFound('skill_not_found');
    await this.repo.setFavorite(this.ctx.db, userId, id, favorite, this.ctx.now());
    return { favorite };
  }

  /** The enabled skill a chat answers with, or skill_not_found (a new conversation) / skill_unavailable (one that has it). */
  async forChat(id: number, locale: Locale, started: boolean): Promise<SkillForChat> {
    const row = await this.repo.enabled(this.ctx.db, id, null);
    if (!row) throw started ? new AppError('skill_unavailable', 409) : notFound('skill_not_found');
    return { id: row.id, prompt: skillText(row.prompts, locale), model: row.model };
  }

  /** What the chat shows of a conversation's skill (null once the skill is deleted or turned off). */
  async chatSkill(id: number | null, locale: Locale): Promise<ChatSkill | null> {
    if (id === null) return null;
    const row = await this.repo.enabled(this.ctx.db, id, null);
    if (!row) return null;
    const s = this.present(row, locale);
    return { id: s.id, name: s.name, description: s.description, icon_emoji: s.icon_emoji, icon_url: s.icon_url, starters: s.starters };
  }

  async adminList(): Promise<{ lists: AdminSkill[] }> {
    const rows = await this.repo.all(this.ctx.db);
    return { lists: rows.map((r) => this.presentAdmin(r, r.favorites)) };
  }

  async save(operatorId: number, input: SkillSaveInput): Promise<AdminSkill> {
    const existing = input.id ? await this.repo.skill(this.ctx.db, input.id) : undefined;
    if (input.id && !existing) throw notFound('skill_not_found');
    if (input.model) {
      await this.models.resolve(input.model, 'zh', { includeHidden: true }).catch(() => {
        throw new AppError('model_unavailable', 400, {}, undefined, { field: 'model' });
      });
    }
    let iconKey = existing?.icon_key ?? null;
    if (input.icon) {
      const upload = await readUpload(this.ctx.db, this.uploads, this.ctx.storage, operatorId, input.icon);
      if (!upload) throw new AppError('skill_icon_invalid', 400, { max: Math.round(UPLOAD_IMAGE_MAX_BYTES / MB) }, undefined, { field: 'icon' });
      iconKey = await this.storeIcon(upload.data);
    } else if (input.icon === null) {
      iconKey = null;
    }
    const now = this.ctx.now();
    const values = {
      names: JSON.stringify(input.names),
      descriptions: JSON.stringify(input.descriptions),
      prompts: JSON.stringify(input.prompts),
      starters: JSON.stringify(input.starters),
      category: input.category,
      icon_emoji: input.icon_emoji,
      icon_key: iconKey,
      model: input.model,
      enabled: input.enabled,
      sort: input.sort,
      updated_at: now,
    };
    const row = existing ? await this.repo.update(this.ctx.db, existing.id, values) : await this.repo.insert(this.ctx.db, { ...values, seed_key: null, created_at: now });
    if (!row) throw notFound('skill_not_found');
    if (existing?.icon_key && existing.icon_key !== iconKey) await this.removeFile(existing.icon_key);
    return this.presentAdmin(row, existing ? await this.repo.favoriteCount(this.ctx.db, row.id) : 0);
  }

  async delete(id: number): Promise<void> {
    const row = await this.repo.delete(this.ctx.db, id);
    if (row?.icon_key) await this.removeFile(row.icon_key);
  }

  /** Icons are shown small: a square WebP, so an uploaded photo does not weigh on the catalogue. */
  private async storeIcon(picture: Buffer): Promise<string> {
    const key = newFileKey(this.ctx.now(), { visibility: 'public', kind: 'skill-icon', ext: 'webp' });
    const icon = await sharp(picture).resize(ICON_PX, ICON_PX, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    await this.ctx.storage.put(key, icon, 'image/webp');
    return key;
  }

  private async removeFile(key: string): Promise<void> {
    await this.ctx.storage.remove(key).catch((error: unknown) => this.ctx.log.warn({ err: error, key }, 'skill icon not removed'));
  }

  /** A new site gets the built-in academic skills, once. */
  async seed(): Promise<void> {
    if (await this.settings.getRaw(SEEDED_KEY)) return;
    const now = this.ctx.now();
    await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockSeeding(tx);
      if ((await this.repo.count(tx)) > 0) return;
      for (const [sort, s] of SEED_SKILLS.entries()) {
        await this.repo.insert(tx, {
          names: JSON.stringify(s.names),
          descriptions: JSON.stringify(s.descriptions),
          prompts: JSON.stringify(s.prompts),
          starters: JSON.stringify(s.starters),
          category: s.category,
          icon_emoji: s.icon,
          icon_key: null,
          model: null,
          enabled: true,
          sort,
          seed_key: s.key,
          created_at: now,
          updated_at: now,
        });
      }
    });
    await this.settings.setRaw(SEEDED_KEY, true);
  }
}
