import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema, okSchema, safeString } from './common.js';
import { modelKeySchema } from './models.js';
import { SKILL_CATEGORIES, SKILL_DESCRIPTION_MAX, SKILL_EMOJI_MAX, SKILL_NAME_MAX, SKILL_PROMPT_MAX, SKILL_STARTER_MAX, SKILL_STARTERS_MAX } from './skill-constants.js';

/**
 * Skills (`/skill`): assistants with their own instructions, as LobeChat's
 * assistant market and GPTs are. Operators manage them in four languages
 * (Chinese required, the others fall back to it); users browse, favourite
 * and use them in chat, where the conversation remembers its skill.
 */

export const skillCategorySchema = z.enum(SKILL_CATEGORIES);

/** A skill as users see it, in the request locale (Chinese where a translation is missing). The system prompt stays on the server. */
export const skillSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  description: safeString(),
  category: skillCategorySchema,
  /** The emoji shown when no picture is uploaded. */
  icon_emoji: safeString(),
  /** An uploaded picture, shown instead of the emoji. */
  icon_url: safeString().nullable(),
  /** The preferred model's key, when the skill names one. */
  model: safeString().nullable(),
  starters: z.array(safeString()),
  use_count: z.number().int(),
  /** Whether the signed-in user favourited it (false for visitors). */
  favorite: z.boolean(),
});
export type Skill = z.infer<typeof skillSchema>;

const localisedText = (max: number, tooLong: 'skill_name_too_long' | 'skill_description_too_long' | 'skill_prompt_too_long') => {
  const text = safeString().trim().max(max, tooLong);
  return z.object({ zh: text.min(1, 'skill_text_required'), en: text.default(''), ja: text.default(''), ko: text.default('') });
};

export const skillStarterSchema = z.object({
  zh: safeString().trim().min(1, 'skill_text_required').max(SKILL_STARTER_MAX, 'skill_starter_too_long'),
  en: safeString().trim().max(SKILL_STARTER_MAX, 'skill_starter_too_long').default(''),
  ja: safeString().trim().max(SKILL_STARTER_MAX, 'skill_starter_too_long').default(''),
  ko: safeString().trim().max(SKILL_STARTER_MAX, 'skill_starter_too_long').default(''),
});

/** Every language of a skill, for Admin → Skills. */
export const adminSkillSchema = z.object({
  id: z.number().int(),
  names: z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() }),
  descriptions: z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() }),
  prompts: z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() }),
  starters: z.array(z.object({ zh: safeString(), en: safeString(), ja: safeString(), ko: safeString() })),
  category: skillCategorySchema,
  icon_emoji: safeString(),
  icon_url: safeString().nullable(),
  model: safeString().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  use_count: z.number().int(),
  favorites: z.number().int(),
});
export type AdminSkill = z.infer<typeof adminSkillSchema>;

export const adminSkillSaveSchema = z.object({
  id: idSchema.optional(),
  names: localisedText(SKILL_NAME_MAX, 'skill_name_too_long'),
  descriptions: localisedText(SKILL_DESCRIPTION_MAX, 'skill_description_too_long'),
  prompts: localisedText(SKILL_PROMPT_MAX, 'skill_prompt_too_long'),
  starters: z.array(skillStarterSchema).max(SKILL_STARTERS_MAX, 'skill_starters_too_many').default([]),
  category: skillCategorySchema,
  icon_emoji: safeString().trim().min(1, 'skill_icon_required').max(SKILL_EMOJI_MAX, 'skill_icon_required'),
  /** An uploaded picture (`/upload/image` URL); null removes the current one; absent keeps it. */
  icon: safeString().trim().max(500).nullable().optional(),
  model: modelKeySchema.nullable().default(null),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type AdminSkillSave = z.input<typeof adminSkillSaveSchema>;

/** What the chat shows of a conversation's skill. */
export const chatSkillSchema = skillSchema.pick({ id: true, name: true, icon_emoji: true, icon_url: true, starters: true, description: true });
export type ChatSkill = z.infer<typeof chatSkillSchema>;

export const skillEndpoints = {
  skillLists: endpoint({
    method: 'GET',
    path: '/skill/lists',
    auth: 'optional',
    summary: 'Enabled skills, most used first; a category and a keyword (name or description) narrow them',
    tags: ['skill'],
    query: z.object({
      category: skillCategorySchema.optional(),
      keyword: safeString().trim().max(50).optional(),
      /** Only the signed-in user's favourites. */
      favorites: z.enum(['0', '1']).optional(),
    }),
    response: z.object({ lists: z.array(skillSchema) }),
  }),
  skillDetail: endpoint({
    method: 'GET',
    path: '/skill/detail',
    auth: 'optional',
    summary: 'One enabled skill (unknown or disabled: skill_not_found)',
    tags: ['skill'],
    query: z.object({ id: idSchema }),
    response: skillSchema,
  }),
  skillFavorite: endpoint({
    method: 'POST',
    path: '/skill/favorite',
    auth: 'user',
    summary: 'Favourite or unfavourite a skill',
    tags: ['skill'],
    body: z.object({ id: idSchema, favorite: z.boolean() }),
    response: z.object({ favorite: z.boolean() }),
    idempotent: true,
  }),
  adminSkillLists: endpoint({
    method: 'GET',
    path: '/admin/skill/lists',
    auth: 'operator',
    summary: 'Every skill with all its languages, enabled or not',
    tags: ['admin', 'skill'],
    response: z.object({ lists: z.array(adminSkillSchema) }),
  }),
  adminSkillSave: endpoint({
    method: 'POST',
    path: '/admin/skill/save',
    auth: 'operator',
    summary: 'Create or update a skill',
    tags: ['admin', 'skill'],
    body: adminSkillSaveSchema,
    response: adminSkillSchema,
  }),
  adminSkillDelete: endpoint({
    method: 'POST',
    path: '/admin/skill/delete',
    auth: 'operator',
    summary: 'Delete a skill (its conversations keep their messages and lose the skill)',
    tags: ['admin', 'skill'],
    body: z.object({ id: idSchema }),
    response: okSchema,
    idempotent: true,
  }),
};
