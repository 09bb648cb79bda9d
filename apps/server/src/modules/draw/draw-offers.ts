import {
  DALLE3_QUALITIES,
  DALLE3_SIZES,
  DALLE3_STYLES,
  DRAW_MAX_PICTURES,
  GPT_IMAGE_BACKGROUNDS,
  GPT_IMAGE_QUALITIES,
  GPT_IMAGE_SIZES,
  SD_DEFAULT_SIZES,
  type DrawFamily,
  type DrawGeneration,
  type DrawModelOption,
  type DrawOffer,
} from '@xueba/contract';

/** The price of a picture on a channel that lists no offers of its own. */
export const DEFAULT_PRICE = 1;

/**
 * YJ ratios offered when a channel lists none: the shapes the 意间AI engines
 * draw (square, the two photo shapes both ways round, and phone/screen).
 */
export const YJ_DEFAULT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;

/**
 * YJ engines offered when a channel lists none: the 意间AI open API's general
 * engines (its API has no engine list to ask; an admin lists others as offers).
 */
export const YJ_DEFAULT_ENGINES = ['stable_diffusion', 'anything_diffusion', 'photoreal_engine'] as const;

/** What a model takes besides a size: fixed by the model (the Images API), or nothing (sd, yj). */
interface ModelTraits {
  qualities: readonly string[];
  styles: readonly string[];
  backgrounds: readonly string[];
  generations: DrawGeneration[];
  maxPictures: number;
  defaultSizes: readonly string[];
}

const isGptImage = (model: string) => model.startsWith('gpt-image');

export function modelTraits(family: DrawFamily, model: string): ModelTraits {
  if (family === 'openai') {
    if (isGptImage(model)) {
      // The edits endpoint takes a reference picture: image-to-image.
      return { qualities: GPT_IMAGE_QUALITIES, styles: [], backgrounds: GPT_IMAGE_BACKGROUNDS, generations: ['txt2img', 'img2img'], maxPictures: DRAW_MAX_PICTURES, defaultSizes: GPT_IMAGE_SIZES };
    }
    // dall-e-3 draws one picture a request and has no edits; other models are taken as dall-e-3-like.
    return { qualities: DALLE3_QUALITIES, styles: DALLE3_STYLES, backgrounds: [], generations: ['txt2img'], maxPictures: model === 'dall-e-3' ? 1 : DRAW_MAX_PICTURES, defaultSizes: DALLE3_SIZES };
  }
  if (family === 'sd') return { qualities: [], styles: [], backgrounds: [], generations: ['txt2img', 'img2img'], maxPictures: DRAW_MAX_PICTURES, defaultSizes: SD_DEFAULT_SIZES };
  return { qualities: [], styles: [], backgrounds: [], generations: ['txt2img'], maxPictures: DRAW_MAX_PICTURES, defaultSizes: YJ_DEFAULT_RATIOS };
}

/** A family's defaults for a model list (openai: the env list; sd: checkpoints; yj: engines) at DEFAULT_PRICE. */
export function defaultOffers(family: DrawFamily, models: readonly string[]): DrawOffer[] {
  return models.flatMap((model) => modelTraits(family, model).defaultSizes.map((size) => ({ model, size, price: DEFAULT_PRICE })));
}

/** Offers grouped into the pickers' models, in the order the offers list them. */
export function modelOptions(family: DrawFamily, offers: readonly DrawOffer[]): DrawModelOption[] {
  const byModel = new Map<string, DrawModelOption>();
  for (const offer of offers) {
    let option = byModel.get(offer.model);
    if (!option) {
      const traits = modelTraits(family, offer.model);
      option = {
        model: offer.model,
        name: offer.model,
        sizes: [],
        generations: traits.generations,
        qualities: [...traits.qualities],
        styles: [...traits.styles],
        backgrounds: [...traits.backgrounds],
        max_pictures: traits.maxPictures,
      };
      byModel.set(offer.model, option);
    }
    if (!option.sizes.some((s) => s.size === offer.size)) option.sizes.push({ size: offer.size, price: offer.price });
  }
  return [...byModel.values()];
}
