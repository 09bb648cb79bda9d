import type { DrawOptions } from '@xueba/contract';

const price = (sizes: string[], p = 1) => sizes.map((size) => ({ size, price: p }));

/** What `/draw/options` answers with all three families on (the shape the server sends). */
export const OPTIONS: DrawOptions = {
  enabled: true,
  balance: 5,
  suggest_offline: false,
  styles: [
    { key: 'photo', name: 'Photo', keywords: ['35mm', 'soft light'] },
    { key: 'ink', name: 'Ink', keywords: ['ink wash'] },
  ],
  families: [
    {
      family: 'openai',
      samplers: [],
      models: [
        {
          model: 'dall-e-3',
          name: 'DALL·E 3',
          sizes: [...price(['1024x1024'], 2), ...price(['1792x1024', '1024x1792'], 3)],
          generations: ['txt2img'],
          qualities: ['standard', 'hd'],
          styles: ['vivid', 'natural'],
          backgrounds: [],
          max_pictures: 1,
        },
        {
          model: 'gpt-image-1',
          name: 'GPT Image 1',
          sizes: price(['1024x1024', '1536x1024', '1024x1536'], 4),
          generations: ['txt2img', 'img2img'],
          qualities: ['low', 'medium', 'high'],
          styles: [],
          backgrounds: ['auto', 'transparent', 'opaque'],
          max_pictures: 4,
        },
      ],
    },
    {
      family: 'sd',
      samplers: ['Euler a', 'DPM++ 2M'],
      models: [
        { model: 'v1-5.safetensors', name: 'SD 1.5', sizes: price(['512x512', '512x768']), generations: ['txt2img', 'img2img'], qualities: [], styles: [], backgrounds: [], max_pictures: 4 },
        { model: 'sdxl.safetensors', name: 'SDXL', sizes: price(['1024x1024', '832x1216'], 2), generations: ['txt2img', 'img2img'], qualities: [], styles: [], backgrounds: [], max_pictures: 2 },
      ],
    },
    {
      family: 'yj',
      samplers: [],
      models: [{ model: 'engine-a', name: 'Engine A', sizes: price(['1:1', '3:4', '16:9']), generations: ['txt2img'], qualities: [], styles: [], backgrounds: [], max_pictures: 1 }],
    },
  ],
};
