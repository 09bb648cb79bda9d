import {
  QR_LOGO_SCALE_DEFAULT,
  QR_MARGIN_DEFAULT,
  QR_SIZE_DEFAULT,
  type QrAiInput,
  type QrContent,
  type QrContentType,
  type QrEcLevel,
  type QrEyeStyle,
  type QrMode,
  type QrOptions,
  type QrPixelStyle,
  type QrRecord,
  type QrStyledInput,
} from '@xueba/contract';

/** What a picture upload answered: `uri` goes back to the server, `url` shows it. */
export interface Picture {
  uri: string;
  url: string;
}

export type FieldValue = string | boolean;
export type TypeFields = Record<string, FieldValue>;

/** Each content type's fields, in form order; the first is the one that must be filled. */
export const TYPE_FIELDS: Record<QrContentType, readonly string[]> = {
  url: ['url'],
  text: ['text'],
  wifi: ['ssid', 'encryption', 'password', 'hidden'],
  vcard: ['name', 'phone', 'email', 'org', 'title', 'url', 'address', 'note'],
  email: ['to', 'subject', 'body'],
  phone: ['phone'],
  sms: ['phone', 'body'],
};

export type Gradient = 'none' | 'linear' | 'radial';
export type Generation = 'txt2img' | 'img2img';
export type Recipe = 'monster' | 'brightness_tile';
export type ControlMode = 'Balanced' | 'My prompt is more important' | 'ControlNet is more important';

export interface QrForm {
  mode: QrMode;
  type: QrContentType;
  /** Every type keeps what was typed, so switching type and back loses nothing. */
  fields: Record<QrContentType, TypeFields>;
  style: QrPixelStyle;
  eye: QrEyeStyle;
  fg: string;
  fg2: string;
  gradient: Gradient;
  bg: string;
  margin: number;
  ec_level: QrEcLevel;
  /** null: the smallest version that holds the content. */
  version: number | null;
  size: number;
  logo: Picture | null;
  logo_scale: number;
  background: Picture | null;
  style_template: number | null;
  prompt: string;
  negative_prompt: string;
  model: string;
  ai_size: string;
  generation: Generation;
  reference: Picture | null;
  denoising: number;
  prompt_template: number | null;
  recipe: Recipe | null;
  weight: number | null;
  guidance_start: number;
  guidance_end: number;
  control_mode: ControlMode;
}

const emptyFields = (): Record<QrContentType, TypeFields> => ({
  url: { url: '' },
  text: { text: '' },
  wifi: { ssid: '', encryption: 'WPA', password: '', hidden: false },
  vcard: { name: '', phone: '', email: '', org: '', title: '', url: '', address: '', note: '' },
  email: { to: '', subject: '', body: '' },
  phone: { phone: '' },
  sms: { phone: '', body: '' },
});

export function initialForm(options: QrOptions | undefined): QrForm {
  return {
    mode: 'styled',
    type: 'url',
    fields: emptyFields(),
    style: 'square',
    eye: 'square',
    fg: '#000000',
    fg2: '#1d4ed8',
    gradient: 'none',
    bg: '#ffffff',
    margin: QR_MARGIN_DEFAULT,
    ec_level: 'M',
    version: null,
    size: QR_SIZE_DEFAULT,
    logo: null,
    logo_scale: QR_LOGO_SCALE_DEFAULT,
    background: null,
    style_template: null,
    prompt: '',
    negative_prompt: '',
    model: options?.ai.models[0] ?? '',
    ai_size: options?.ai.sizes[0]?.size ?? '',
    generation: 'txt2img',
    reference: null,
    denoising: 0.75,
    prompt_template: null,
    recipe: null,
    weight: null,
    guidance_start: 0,
    guidance_end: 1,
    control_mode: 'Balanced',
  };
}

/** The form with its AI model and size among those on offer (the first when the chosen one is gone). */
export function offered(options: QrOptions, form: QrForm): QrForm {
  const model = options.ai.models.includes(form.model) ? form.model : (options.ai.models[0] ?? '');
  const size = options.ai.sizes.some((s) => s.size === form.ai_size) ? form.ai_size : (options.ai.sizes[0]?.size ?? '');
  return model === form.model && size === form.ai_size ? form : { ...form, model, ai_size: size };
}

/** The `data` of a request: strings trimmed (free text kept as typed), empty optional fields left out. */
export function contentOf(form: QrForm): QrContent {
  const values = form.fields[form.type];
  const data: Record<string, FieldValue> = {};
  for (const name of TYPE_FIELDS[form.type]) {
    const value = values[name];
    if (typeof value === 'boolean') data[name] = value;
    else if (form.type === 'text' || name === 'password') data[name] = value ?? '';
    else {
      const trimmed = (value ?? '').trim();
      // The first field is required: send it even empty so the server names it.
      if (trimmed !== '' || name === TYPE_FIELDS[form.type][0]) data[name] = trimmed;
    }
  }
  // The union is checked by the server; the form only ever builds the fields of its own type.
  return { type: form.type, data } as QrContent;
}

export function toStyledBody(form: QrForm): QrStyledInput {
  return {
    ...contentOf(form),
    style: form.style,
    eye: form.eye,
    fg: form.fg,
    fg2: form.gradient === 'none' ? undefined : form.fg2,
    gradient: form.gradient,
    bg: form.bg,
    margin: form.margin,
    ec_level: form.ec_level,
    version: form.version ?? undefined,
    size: form.size,
    logo: form.logo?.uri,
    logo_scale: form.logo ? form.logo_scale : undefined,
    background_image: form.background?.uri,
    template_id: form.style_template ?? undefined,
  };
}

export function toAiBody(form: QrForm): QrAiInput {
  const controlnet = {
    recipe: form.recipe ?? undefined,
    weight: form.weight ?? undefined,
    guidance_start: form.guidance_start,
    guidance_end: form.guidance_end,
    control_mode: form.control_mode,
  };
  return {
    ...contentOf(form),
    ec_level: 'H',
    prompt: form.prompt,
    negative_prompt: form.negative_prompt.trim() || undefined,
    model: form.model || undefined,
    size: form.ai_size,
    generation: form.generation,
    reference_image: form.generation === 'img2img' ? form.reference?.uri : undefined,
    denoising_strength: form.generation === 'img2img' ? form.denoising : undefined,
    template_id: form.prompt_template ?? undefined,
    controlnet,
  };
}

const asFields = (type: QrContentType, data: Record<string, unknown>): TypeFields => {
  const base = emptyFields()[type];
  for (const name of TYPE_FIELDS[type]) {
    const value = data[name];
    if (typeof value === 'string' || typeof value === 'boolean') base[name] = value;
    else if (typeof value === 'number') base[name] = String(value);
  }
  return base;
};

/** A decoded code's content into its type's form (restyle an existing code). */
export function withContent(form: QrForm, content: { type: QrContentType; data: Record<string, unknown> }): QrForm {
  return { ...form, type: content.type, fields: { ...form.fields, [content.type]: asFields(content.type, content.data) } };
}

/** A history record back into the form: its content and, for a styled code, its look. */
export function withRecord(form: QrForm, record: QrRecord): QrForm {
  const next = withContent({ ...form, mode: record.mode }, record);
  if (!record.look) return next;
  const look = record.look;
  return {
    ...next,
    style: look.style,
    eye: look.eye,
    fg: look.fg,
    fg2: look.fg2 ?? next.fg2,
    gradient: look.gradient,
    bg: look.bg,
    margin: look.margin ?? next.margin,
    ec_level: record.ec_level,
    version: record.version,
    size: record.size,
  };
}

/** A style template's look (a template holds only valid looks, but stays loose as stored config). */
export function withStyleTemplate(form: QrForm, id: number, config: Record<string, unknown>): QrForm {
  const str = (key: string): string | undefined => (typeof config[key] === 'string' ? (config[key] as string) : undefined);
  const next: QrForm = { ...form, style_template: id };
  const style = str('style');
  const eye = str('eye');
  const gradient = str('gradient');
  const ec = str('ec_level');
  if (style) next.style = style as QrPixelStyle;
  if (eye) next.eye = eye as QrEyeStyle;
  if (gradient === 'none' || gradient === 'linear' || gradient === 'radial') next.gradient = gradient;
  if (ec === 'L' || ec === 'M' || ec === 'Q' || ec === 'H') next.ec_level = ec;
  next.fg = str('fg') ?? next.fg;
  next.fg2 = str('fg2') ?? next.fg2;
  next.bg = str('bg') ?? next.bg;
  if (typeof config.margin === 'number') next.margin = config.margin;
  return next;
}

/** A prompt template's prompt, negative prompt and ControlNet settings. */
export function withPromptTemplate(form: QrForm, id: number, config: Record<string, unknown>): QrForm {
  const next: QrForm = { ...form, prompt_template: id };
  if (typeof config.prompt === 'string') next.prompt = config.prompt;
  if (typeof config.negative_prompt === 'string') next.negative_prompt = config.negative_prompt;
  const cn = config.controlnet;
  if (cn && typeof cn === 'object') {
    const c = cn as Record<string, unknown>;
    if (c.recipe === 'monster' || c.recipe === 'brightness_tile') next.recipe = c.recipe;
    if (typeof c.weight === 'number') next.weight = c.weight;
    if (typeof c.guidance_start === 'number') next.guidance_start = c.guidance_start;
    if (typeof c.guidance_end === 'number') next.guidance_end = c.guidance_end;
  }
  return next;
}

/** The price of the chosen AI size in drawing counts, or null when none is chosen. */
export function aiCost(options: QrOptions, form: QrForm): number | null {
  return options.ai.sizes.find((s) => s.size === form.ai_size)?.price ?? null;
}
