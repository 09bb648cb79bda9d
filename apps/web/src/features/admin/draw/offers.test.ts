import { DALLE3_SIZES, GPT_IMAGE_SIZES, SD_DEFAULT_SIZES } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { familyDefaults, familySizes, mergeDefaults, modelsOf, offerProblems, toOffers, YJ_DEFAULT_RATIOS, type OfferRow } from './offers';

describe('family defaults', () => {
  it('offers OpenAI\'s known models with the sizes the Images API defines for each', () => {
    const offers = familyDefaults('openai', []);
    expect(offers.filter((o) => o.model === 'dall-e-3').map((o) => o.size)).toEqual([...DALLE3_SIZES]);
    expect(offers.filter((o) => o.model === 'gpt-image-1').map((o) => o.size)).toEqual([...GPT_IMAGE_SIZES]);
    expect(offers.every((o) => o.price === 1)).toBe(true);
  });

  it('gives an unknown OpenAI-compatible model the square size only', () => {
    expect(familyDefaults('openai', ['flux-dev', ' flux-dev '])).toEqual([{ model: 'flux-dev', size: '1024x1024', price: 1 }]);
  });

  it('crosses SD checkpoints with the SD sizes and YJ engines with the ratios, and guesses none without models', () => {
    expect(familyDefaults('sd', ['v1-5.safetensors'])).toHaveLength(SD_DEFAULT_SIZES.length);
    expect(familyDefaults('yj', ['e1', 'e2']).map((o) => `${o.model}@${o.size}`)).toEqual([
      ...YJ_DEFAULT_RATIOS.map((r) => `e1@${r}`),
      ...YJ_DEFAULT_RATIOS.map((r) => `e2@${r}`),
    ]);
    expect(familyDefaults('sd', [])).toEqual([]);
    expect(familyDefaults('yj', ['', '  '])).toEqual([]);
  });

  it('suggests each family\'s sizes once', () => {
    const openai = familySizes('openai');
    expect(new Set(openai).size).toBe(openai.length);
    expect(openai).toEqual(expect.arrayContaining([...DALLE3_SIZES, ...GPT_IMAGE_SIZES]));
    expect(familySizes('yj')).toEqual([...YJ_DEFAULT_RATIOS]);
  });
});

describe('filling defaults into the editor', () => {
  it('adds only the missing rows and keeps the prices the admin set', () => {
    const rows: OfferRow[] = [{ model: 'dall-e-3', size: '1024x1024', price: 5 }];
    const merged = mergeDefaults(rows, familyDefaults('openai', ['dall-e-3']));
    expect(merged[0]).toEqual({ model: 'dall-e-3', size: '1024x1024', price: 5 });
    expect(merged.map((r) => r.size)).toEqual([...DALLE3_SIZES]);
    expect(mergeDefaults(merged, familyDefaults('openai', ['dall-e-3']))).toEqual(merged);
  });

  it('treats rows that differ only by spaces as the same pair', () => {
    const merged = mergeDefaults([{ model: ' dall-e-3 ', size: '1024x1024 ', price: 2 }], familyDefaults('openai', ['dall-e-3']));
    expect(merged.filter((r) => r.size.trim() === '1024x1024')).toHaveLength(1);
  });

  it('lists the models the rows name, once each, in order', () => {
    expect(modelsOf([{ model: 'b', size: '1:1', price: 1 }, { model: 'a', size: '1:1', price: 1 }, { model: 'b ', size: '3:4', price: 1 }, { model: '', size: '', price: 1 }])).toEqual(['b', 'a']);
  });
});

describe('row checks (the contract\'s rules, as the admin types)', () => {
  it('names the problem of each bad row', () => {
    const problems = offerProblems([
      { model: 'ok', size: '1024x1024', price: 1 },
      { model: '', size: '1024x1024', price: 1 },
      { model: 'm', size: '1024', price: 1 },
      { model: 'm', size: '16:9', price: null },
      { model: 'm', size: '16:9', price: 1001 },
      { model: 'm', size: '16:9', price: 1.5 },
      { model: 'ok', size: ' 1024x1024', price: 3 },
      { model: 'x'.repeat(201), size: '1:1', price: 1 },
    ]);
    expect([...problems.entries()]).toEqual([
      [1, 'model_required'],
      [2, 'size_invalid'],
      [3, 'price_invalid'],
      [4, 'price_invalid'],
      [5, 'price_invalid'],
      [6, 'duplicate'],
      [7, 'model_required'],
    ]);
  });

  it('accepts free price 0 and trims what it sends', () => {
    const rows: OfferRow[] = [{ model: ' sd-xl ', size: ' 1024x1024 ', price: 0 }];
    expect(offerProblems(rows).size).toBe(0);
    expect(toOffers(rows)).toEqual([{ model: 'sd-xl', size: '1024x1024', price: 0 }]);
  });
});
