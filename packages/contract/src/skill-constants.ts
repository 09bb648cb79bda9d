// Skill limits and categories without zod: the catalogue page imports these
// and must not pull every schema with them.

export const SKILL_CATEGORIES = ['writing', 'research', 'review', 'data', 'language', 'career'] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export const SKILL_NAME_MAX = 40;
export const SKILL_DESCRIPTION_MAX = 300;
export const SKILL_PROMPT_MAX = 4000;
export const SKILL_STARTERS_MAX = 4;
export const SKILL_STARTER_MAX = 200;
/** An emoji is one grapheme, but a flag or a family is several code points. */
export const SKILL_EMOJI_MAX = 16;
