import { DRAW_NEGATIVE_PROMPT_MAX, DRAW_PROMPT_MAX, type DrawFamily, type DrawGeneration, type DrawModelOption, type DrawOptions, type DrawSubmit } from '@xueba/contract';

/** What the drawing form holds; `toSubmitBody` keeps only what the chosen family and model take. */
export interface DrawForm {
  family: DrawFamily;
  model: string;
  generation: DrawGeneration;
  prompt: string;
  negative_prompt: string;
  size: string;
  /** openai: the dall-e-3 style (vivid/natural); empty when the model takes none. */
  style: string;
  quality: string;
  background: string;
  reference: { uri: string; url: string } | null;
  denoising_strength: number;
  n: number;
  sampler: string;
  steps: number | null;
  cfg_scale: number | null;
  /** -1: random. */
  seed: number;
  /** The keyword-suggestion style picked (its key), not sent with the job. */
  keyword_style: string;
}

export type FamilyOptions = DrawOptions['families'][number];

/** What a finished drawing or a square item says about how it was drawn ("draw the same", "draw again"). */
export interface DrawSource {
  family: DrawFamily;
  model: string;
  prompt: string;
  negative_prompt: string;
  size: string;
  style: string | null;
  quality: string | null;
  generation: DrawGeneration;
  n?: number;
  seed?: number | null;
}

export const DEFAULT_DENOISING = 0.6;

export function familyOptions(options: DrawOptions, family: DrawFamily): FamilyOptions | undefined {
  return options.families.find((f) => f.family === family);
}

export function modelOption(options: DrawOptions, family: DrawFamily, model: string): DrawModelOption | undefined {
  const models = familyOptions(options, family)?.models ?? [];
  return models.find((m) => m.model === model) ?? models[0];
}

const pick = (offered: readonly string[], wanted: string): string => (offered.includes(wanted) ? wanted : (offered[0] ?? ''));

/**
 * Makes a form valid against what the server offers: an unknown family falls
 * back to the first one offered, then the model, size, quality, style,
 * generation and picture count to what that model takes (the wanted value when
 * it is offered). Used after every change of family or model, and on forms
 * filled from a square item or an old record.
 */
export function normalizeForm(options: DrawOptions, form: DrawForm): DrawForm {
  const family = familyOptions(options, form.family) ?? options.families[0];
  if (!family) return form;
  const model = family.models.find((m) => m.model === form.model) ?? family.models[0];
  if (!model) return { ...form, family: family.family };
  const generation: DrawGeneration = model.generations.includes(form.generation) ? form.generation : (model.generations[0] ?? 'txt2img');
  return {
    ...form,
    family: family.family,
    model: model.model,
    generation,
    size: pick(model.sizes.map((s) => s.size), form.size),
    quality: pick(model.qualities, form.quality),
    style: pick(model.styles, form.style),
    background: pick(model.backgrounds, form.background),
    n: Math.min(Math.max(1, form.n), Math.max(1, model.max_pictures)),
    sampler: family.samplers.length > 0 ? pick(family.samplers, form.sampler) : '',
    keyword_style: pick(options.styles.map((s) => s.key), form.keyword_style),
  };
}

export function initialForm(options: DrawOptions): DrawForm {
  return normalizeForm(options, {
    family: options.families[0]?.family ?? 'openai',
    model: '',
    generation: 'txt2img',
    prompt: '',
    negative_prompt: '',
    size: '',
    style: '',
    quality: '',
    background: '',
    reference: null,
    denoising_strength: DEFAULT_DENOISING,
    n: 1,
    sampler: '',
    steps: null,
    cfg_scale: null,
    seed: -1,
    keyword_style: '',
  });
}

/** The form for "draw the same" (a square item) or "draw again" (a record): what it was drawn with, where still offered. */
export function formFromSource(options: DrawOptions, base: DrawForm, source: DrawSource): DrawForm {
  return normalizeForm(options, {
    ...base,
    family: source.family,
    model: source.model,
    prompt: source.prompt,
    negative_prompt: source.negative_prompt,
    size: source.size,
    style: source.style ?? '',
    quality: source.quality ?? '',
    // A reference picture is the author's own upload: "draw the same" starts from text.
    generation: 'txt2img',
    reference: null,
    n: source.n ?? base.n,
  });
}

/** The sizes the chosen model offers, with their price per picture. */
export function sizesOf(options: DrawOptions, form: DrawForm): DrawModelOption['sizes'] {
  return modelOption(options, form.family, form.model)?.sizes ?? [];
}

/** Drawing counts this form costs (price of the size × pictures); null when the size is not offered. */
export function costOf(options: DrawOptions, form: DrawForm): number | null {
  const size = sizesOf(options, form).find((s) => s.size === form.size);
  return size ? size.price * form.n : null;
}

/** Whether the family takes a negative prompt: the Images API has no such parameter. */
export const takesNegativePrompt = (family: DrawFamily): boolean => family !== 'openai';

export type FormField = 'prompt' | 'negative_prompt' | 'size' | 'reference';

/** Problems the server would refuse, as message keys of the contract (`msg.<key>`), by field. */
export function validateForm(options: DrawOptions, form: DrawForm): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const prompt = form.prompt.trim();
  if (prompt.length === 0) errors.prompt = 'draw_prompt_required';
  else if (prompt.length > DRAW_PROMPT_MAX) errors.prompt = 'draw_prompt_too_long';
  if (takesNegativePrompt(form.family) && form.negative_prompt.trim().length > DRAW_NEGATIVE_PROMPT_MAX) errors.negative_prompt = 'draw_negative_too_long';
  if (costOf(options, form) === null) errors.size = 'draw_size_invalid';
  if (form.generation === 'img2img' && !form.reference) errors.reference = 'draw_reference_required';
  return errors;
}

/** The submit body: only the parameters the chosen family and model take. */
export function toSubmitBody(options: DrawOptions, form: DrawForm): DrawSubmit {
  const model = modelOption(options, form.family, form.model);
  const body: DrawSubmit = { family: form.family, model: form.model || undefined, prompt: form.prompt.trim(), size: form.size, generation: form.generation, n: form.n };
  if (takesNegativePrompt(form.family) && form.negative_prompt.trim()) body.negative_prompt = form.negative_prompt.trim();
  if (model?.styles.length && form.style) body.style = form.style;
  if (model?.qualities.length && form.quality) body.quality = form.quality;
  if (model?.backgrounds.length && form.background) body.background = form.background;
  if (form.generation === 'img2img' && form.reference) {
    body.reference_image = form.reference.uri;
    if (form.family === 'sd') body.denoising_strength = form.denoising_strength;
  }
  if (form.family === 'sd') {
    if (form.sampler) body.sampler = form.sampler;
    if (form.steps !== null) body.steps = form.steps;
    if (form.cfg_scale !== null) body.cfg_scale = form.cfg_scale;
    if (form.seed >= 0) body.seed = form.seed;
  }
  return body;
}

/** Adds a keyword to the prompt once, separated as the prompt already is. */
export function addKeyword(prompt: string, keyword: string): string {
  const trimmed = prompt.trimEnd();
  const parts = trimmed.split(/[,，]\s*/).map((p) => p.trim().toLowerCase());
  if (parts.includes(keyword.trim().toLowerCase())) return prompt;
  if (!trimmed) return keyword;
  const sep = /[\u3000-\u9fff]/.test(trimmed) && !/[,，]$/.test(trimmed) ? '，' : /[,，]$/.test(trimmed) ? ' ' : ', ';
  return `${trimmed}${sep}${keyword}`;
}
