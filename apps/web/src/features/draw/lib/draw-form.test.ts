import { DRAW_PROMPT_MAX, type DrawOptions } from '@xueba/contract';
import { OPTIONS } from './options.fixture';
import { describe, expect, it } from 'vitest';
import { lowestPrice } from '../api/draw-options';
import { addKeyword, costOf, formFromSource, initialForm, normalizeForm, sizesOf, toSubmitBody, validateForm } from './draw-form';

describe('the drawing form', () => {
  it('starts on the first family and model with values that model offers', () => {
    const form = initialForm(OPTIONS);
    expect(form).toMatchObject({ family: 'openai', model: 'dall-e-3', size: '1024x1024', quality: 'standard', style: 'vivid', background: '', generation: 'txt2img', n: 1, keyword_style: 'photo' });
  });

  it('offers the sizes of the chosen family and model', () => {
    const base = initialForm(OPTIONS);
    expect(sizesOf(OPTIONS, base).map((s) => s.size)).toEqual(['1024x1024', '1792x1024', '1024x1792']);
    expect(sizesOf(OPTIONS, normalizeForm(OPTIONS, { ...base, model: 'gpt-image-1' })).map((s) => s.size)).toEqual(['1024x1024', '1536x1024', '1024x1536']);
    expect(sizesOf(OPTIONS, normalizeForm(OPTIONS, { ...base, family: 'sd', model: '' })).map((s) => s.size)).toEqual(['512x512', '512x768']);
    expect(sizesOf(OPTIONS, normalizeForm(OPTIONS, { ...base, family: 'sd', model: 'sdxl.safetensors' })).map((s) => s.size)).toEqual(['1024x1024', '832x1216']);
    expect(sizesOf(OPTIONS, normalizeForm(OPTIONS, { ...base, family: 'yj', model: '' })).map((s) => s.size)).toEqual(['1:1', '3:4', '16:9']);
  });

  it('keeps a size across a model change when the new model offers it, and falls back to its first size otherwise', () => {
    const wide = normalizeForm(OPTIONS, { ...initialForm(OPTIONS), size: '1792x1024' });
    expect(wide.size).toBe('1792x1024');
    const gpt = normalizeForm(OPTIONS, { ...wide, model: 'gpt-image-1' });
    expect(gpt.size).toBe('1024x1024');
    // dall-e-3's quality and style are not gpt-image-1's: they fall back to what it takes.
    expect(gpt).toMatchObject({ quality: 'low', style: '', background: 'auto' });
    const square = normalizeForm(OPTIONS, { ...gpt, model: 'dall-e-3', size: '1024x1024' });
    expect(normalizeForm(OPTIONS, { ...square, family: 'sd', model: 'sdxl.safetensors' }).size).toBe('1024x1024');
  });

  it('limits the picture count and generation to what the model takes', () => {
    const gpt = normalizeForm(OPTIONS, { ...initialForm(OPTIONS), model: 'gpt-image-1', n: 4, generation: 'img2img' });
    expect(gpt).toMatchObject({ n: 4, generation: 'img2img' });
    const dalle = normalizeForm(OPTIONS, { ...gpt, model: 'dall-e-3' });
    expect(dalle).toMatchObject({ n: 1, generation: 'txt2img' });
    expect(normalizeForm(OPTIONS, { ...gpt, family: 'sd', model: 'sdxl.safetensors' }).n).toBe(2);
  });

  it('falls back to an offered family when the one asked for is off', () => {
    const onlySd: DrawOptions = { ...OPTIONS, families: OPTIONS.families.filter((f) => f.family === 'sd') };
    expect(normalizeForm(onlySd, { ...initialForm(OPTIONS), family: 'yj' })).toMatchObject({ family: 'sd', model: 'v1-5.safetensors', sampler: 'Euler a' });
  });

  it('costs the size price times the pictures', () => {
    const base = initialForm(OPTIONS);
    expect(costOf(OPTIONS, base)).toBe(2);
    expect(costOf(OPTIONS, { ...base, size: '1024x1792' })).toBe(3);
    expect(costOf(OPTIONS, normalizeForm(OPTIONS, { ...base, model: 'gpt-image-1', n: 3 }))).toBe(12);
    expect(costOf(OPTIONS, { ...base, size: '640x640' })).toBeNull();
    expect(lowestPrice(OPTIONS)).toBe(1);
    expect(lowestPrice({ ...OPTIONS, families: [] })).toBeNull();
  });

  it('names what the server would refuse, by field, with the contract message keys', () => {
    const base = initialForm(OPTIONS);
    expect(validateForm(OPTIONS, { ...base, prompt: '   ' })).toEqual({ prompt: 'draw_prompt_required' });
    expect(validateForm(OPTIONS, { ...base, prompt: 'x'.repeat(DRAW_PROMPT_MAX) })).toEqual({});
    expect(validateForm(OPTIONS, { ...base, prompt: 'x'.repeat(DRAW_PROMPT_MAX + 1) })).toEqual({ prompt: 'draw_prompt_too_long' });
    expect(validateForm(OPTIONS, { ...base, prompt: 'a cat', size: '640x640' })).toEqual({ size: 'draw_size_invalid' });
    const sd = normalizeForm(OPTIONS, { ...base, family: 'sd', model: '', prompt: 'a cat', generation: 'img2img' });
    expect(validateForm(OPTIONS, sd)).toEqual({ reference: 'draw_reference_required' });
    expect(validateForm(OPTIONS, { ...sd, negative_prompt: 'n'.repeat(1001), reference: { uri: 'images/a.png', url: '/files/images/a.png' } })).toEqual({ negative_prompt: 'draw_negative_too_long' });
    // The Images API takes no negative prompt, so a long one there is not sent and not refused.
    expect(validateForm(OPTIONS, { ...base, prompt: 'a cat', negative_prompt: 'n'.repeat(1001) })).toEqual({});
  });

  it('sends only what the chosen family and model take', () => {
    const base = { ...initialForm(OPTIONS), prompt: '  a cat  ', negative_prompt: 'blur', seed: 42, steps: 20 };
    expect(toSubmitBody(OPTIONS, base)).toEqual({ family: 'openai', model: 'dall-e-3', prompt: 'a cat', size: '1024x1024', generation: 'txt2img', n: 1, style: 'vivid', quality: 'standard' });
    const gpt = normalizeForm(OPTIONS, { ...base, model: 'gpt-image-1', background: 'transparent', generation: 'img2img', reference: { uri: 'images/r.png', url: '/files/images/r.png' } });
    expect(toSubmitBody(OPTIONS, gpt)).toEqual({ family: 'openai', model: 'gpt-image-1', prompt: 'a cat', size: '1024x1024', generation: 'img2img', n: 1, quality: 'low', background: 'transparent', reference_image: 'images/r.png' });
    const sd = normalizeForm(OPTIONS, { ...base, family: 'sd', model: '', generation: 'img2img', reference: { uri: 'images/r.png', url: '/files/images/r.png' }, denoising_strength: 0.4 });
    expect(toSubmitBody(OPTIONS, sd)).toEqual({
      family: 'sd',
      model: 'v1-5.safetensors',
      prompt: 'a cat',
      negative_prompt: 'blur',
      size: '512x512',
      generation: 'img2img',
      n: 1,
      reference_image: 'images/r.png',
      denoising_strength: 0.4,
      sampler: 'Euler a',
      steps: 20,
      seed: 42,
    });
    // A reference picture left over from image-to-image is not sent with text-to-image.
    expect(toSubmitBody(OPTIONS, { ...sd, generation: 'txt2img' }).reference_image).toBeUndefined();
    const yj = normalizeForm(OPTIONS, { ...base, family: 'yj', model: '', size: '3:4' });
    expect(toSubmitBody(OPTIONS, yj)).toEqual({ family: 'yj', model: 'engine-a', prompt: 'a cat', negative_prompt: 'blur', size: '3:4', generation: 'txt2img', n: 1 });
  });

  it('fills the form from a square item or a record, where the settings are still offered', () => {
    const base = initialForm(OPTIONS);
    const same = formFromSource(OPTIONS, base, { family: 'sd', model: 'sdxl.safetensors', prompt: 'a fox', negative_prompt: 'blur', size: '832x1216', style: null, quality: null, generation: 'img2img' });
    expect(same).toMatchObject({ family: 'sd', model: 'sdxl.safetensors', prompt: 'a fox', negative_prompt: 'blur', size: '832x1216', generation: 'txt2img', reference: null });
    // A checkpoint the channel no longer lists: the family's first, and a size it offers.
    const gone = formFromSource(OPTIONS, base, { family: 'sd', model: 'removed.ckpt', prompt: 'a fox', negative_prompt: '', size: '832x1216', style: null, quality: null, generation: 'txt2img' });
    expect(gone).toMatchObject({ model: 'v1-5.safetensors', size: '512x512' });
    const dalle = formFromSource(OPTIONS, base, { family: 'openai', model: 'dall-e-3', prompt: 'a fox', negative_prompt: '', size: '1024x1792', style: 'natural', quality: 'hd', generation: 'txt2img' });
    expect(dalle).toMatchObject({ size: '1024x1792', style: 'natural', quality: 'hd' });
  });

  it('adds a keyword once, in the prompt\'s own separator', () => {
    expect(addKeyword('', 'soft light')).toBe('soft light');
    expect(addKeyword('a cat', 'soft light')).toBe('a cat, soft light');
    expect(addKeyword('a cat, soft light', 'Soft Light')).toBe('a cat, soft light');
    expect(addKeyword('一只猫', '水墨')).toBe('一只猫，水墨');
    expect(addKeyword('a cat,', '35mm')).toBe('a cat, 35mm');
  });
});
