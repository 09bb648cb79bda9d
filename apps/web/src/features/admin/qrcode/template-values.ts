import type { AdminQrTemplate, LOCALES } from '@xueba/contract';
import type { ApiBody } from '@/lib/api';

export type ApiBodyOf = ApiBody<'adminQrTemplateSave'>;

export type Names = Record<(typeof LOCALES)[number], string>;

/** The modal's values: both kinds' config fields side by side; only the kind's own are sent. */
export interface TemplateValues {
  names: Names;
  sort: number;
  enabled: boolean;
  style: string;
  eye: string;
  fg: string;
  fg2: string;
  gradient: string;
  bg: string;
  margin: number | null;
  ec_level: string | null;
  prompt: string;
  negative_prompt: string;
  recipe: string | null;
  weight: number | null;
  guidance_start: number | null;
  guidance_end: number | null;
}

const str = (config: Record<string, unknown>, key: string, fallback: string): string => (typeof config[key] === 'string' ? (config[key] as string) : fallback);
const num = (config: Record<string, unknown>, key: string): number | null => (typeof config[key] === 'number' ? (config[key] as number) : null);

export function toValues(template: AdminQrTemplate | null): TemplateValues {
  const c = template?.config ?? {};
  const cn = c.controlnet && typeof c.controlnet === 'object' ? (c.controlnet as Record<string, unknown>) : {};
  return {
    names: { zh: '', en: '', ja: '', ko: '', ...template?.names },
    sort: template?.sort ?? 0,
    enabled: template?.enabled ?? true,
    style: str(c, 'style', 'square'),
    eye: str(c, 'eye', 'square'),
    fg: str(c, 'fg', '#000000'),
    fg2: str(c, 'fg2', '#1d4ed8'),
    gradient: str(c, 'gradient', 'none'),
    bg: str(c, 'bg', '#ffffff'),
    margin: num(c, 'margin'),
    ec_level: typeof c.ec_level === 'string' ? c.ec_level : null,
    prompt: str(c, 'prompt', ''),
    negative_prompt: str(c, 'negative_prompt', ''),
    recipe: typeof cn.recipe === 'string' ? cn.recipe : null,
    weight: num(cn, 'weight'),
    guidance_start: num(cn, 'guidance_start'),
    guidance_end: num(cn, 'guidance_end'),
  };
}

const defined = <T extends Record<string, unknown>>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;

/** The save body of a template of `kind`; the server validates it against the contract. */
export function toBody(kind: 'style' | 'prompt', v: TemplateValues, id: number | undefined, thumb: string | undefined): ApiBodyOf {
  const common = { id, names: v.names, thumb, sort: v.sort, enabled: v.enabled };
  if (kind === 'style')
    return {
      ...common,
      kind,
      // The form's selects only offer the contract's values; the server checks them again.
      config: defined({ style: v.style, eye: v.eye, fg: v.fg, fg2: v.gradient === 'none' ? null : v.fg2, gradient: v.gradient, bg: v.bg, margin: v.margin, ec_level: v.ec_level }) as Extract<ApiBodyOf, { kind: 'style' }>['config'],
    };
  const controlnet = defined({ recipe: v.recipe, weight: v.weight, guidance_start: v.guidance_start, guidance_end: v.guidance_end });
  return {
    ...common,
    kind,
    config: { prompt: v.prompt, negative_prompt: v.negative_prompt, controlnet: Object.keys(controlnet).length > 0 ? (controlnet as Extract<ApiBodyOf, { kind: 'prompt' }>['config']['controlnet']) : undefined },
  };
}
