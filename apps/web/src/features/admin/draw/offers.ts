import { DALLE3_SIZES, GPT_IMAGE_SIZES, SD_DEFAULT_SIZES, type DrawFamily, type DrawOffer } from '@xueba/contract';

/** YJ ratios offered when the admin fills a YJ channel's defaults (the API takes `W:H`). */
export const YJ_DEFAULT_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;

/** OpenAI's models and the sizes the Images API defines for each. */
const OPENAI_SIZES: Record<string, readonly string[]> = { 'dall-e-3': DALLE3_SIZES, 'gpt-image-1': GPT_IMAGE_SIZES };

/** The price of a picture when the admin has not set one (the server's default too). */
export const DEFAULT_PRICE = 1;

/** An editor row: the offer as typed (price may be blank while editing). */
export interface OfferRow {
  model: string;
  size: string;
  price: number | null;
}

const pairKey = (model: string, size: string) => `${model.trim()}\u0000${size.trim()}`;

/**
 * The family's default offers for these models: OpenAI's known models with
 * their sizes (an unknown OpenAI-compatible model gets 1024x1024), SD
 * checkpoints with the common SD sizes, YJ engines with the common ratios.
 * With no models named, OpenAI falls back to its two known models; SD and YJ
 * have none to guess (their models come from the channel itself).
 */
export function familyDefaults(family: DrawFamily, models: readonly string[]): DrawOffer[] {
  const names = [...new Set(models.map((m) => m.trim()).filter(Boolean))];
  if (family === 'openai') {
    const list = names.length > 0 ? names : Object.keys(OPENAI_SIZES);
    return list.flatMap((model) => (OPENAI_SIZES[model] ?? ['1024x1024']).map((size) => ({ model, size, price: DEFAULT_PRICE })));
  }
  const sizes: readonly string[] = family === 'sd' ? SD_DEFAULT_SIZES : YJ_DEFAULT_RATIOS;
  return names.flatMap((model) => sizes.map((size) => ({ model, size, price: DEFAULT_PRICE })));
}

/** Adds the defaults the rows do not have yet; rows already there keep their price and order. */
export function mergeDefaults(rows: readonly OfferRow[], defaults: readonly DrawOffer[]): OfferRow[] {
  const seen = new Set(rows.map((r) => pairKey(r.model, r.size)));
  const added = defaults.filter((d) => !seen.has(pairKey(d.model, d.size)));
  return [...rows, ...added.map((d) => ({ model: d.model, size: d.size, price: d.price }))];
}

/** The models named in the rows, in first-seen order (the "fill defaults" helper reuses them). */
export function modelsOf(rows: readonly OfferRow[]): string[] {
  return [...new Set(rows.map((r) => r.model.trim()).filter(Boolean))];
}

export type OfferProblem = 'model_required' | 'size_invalid' | 'price_invalid' | 'duplicate';

/** Same rules as the contract's `drawOfferSchema`, checked as the admin types (the server checks again). */
export function offerProblems(rows: readonly OfferRow[]): Map<number, OfferProblem> {
  const problems = new Map<number, OfferProblem>();
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const model = row.model.trim();
    const size = row.size.trim();
    if (!model || model.length > 200) problems.set(index, 'model_required');
    else if (!/^(?:\d{2,4}x\d{2,4}|\d{1,2}:\d{1,2})$/.test(size)) problems.set(index, 'size_invalid');
    else if (row.price === null || !Number.isInteger(row.price) || row.price < 0 || row.price > 1000) problems.set(index, 'price_invalid');
    else if (seen.has(pairKey(model, size))) problems.set(index, 'duplicate');
    seen.add(pairKey(model, size));
  });
  return problems;
}

/** The rows as the save body takes them (call after `offerProblems` found none). */
export function toOffers(rows: readonly OfferRow[]): DrawOffer[] {
  return rows.map((r) => ({ model: r.model.trim(), size: r.size.trim(), price: r.price ?? DEFAULT_PRICE }));
}

/** The sizes the size picker suggests for a family (free text is still allowed: a channel may offer others). */
export function familySizes(family: DrawFamily): string[] {
  if (family === 'openai') return [...new Set(Object.values(OPENAI_SIZES).flat())];
  return [...(family === 'sd' ? SD_DEFAULT_SIZES : YJ_DEFAULT_RATIOS)];
}
