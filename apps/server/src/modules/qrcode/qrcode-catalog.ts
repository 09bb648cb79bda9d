import type { Locale, QrEyeStyle, QrLook, QrPixelStyle } from '@xueba/contract';

type Names = Record<Locale, string>;

/** The pixel styles' names as the style picker shows them. */
export const PIXEL_STYLE_NAMES: Record<QrPixelStyle, Names> = {
  square: { zh: '方块', en: 'Square', ja: 'スクエア', ko: '사각형' },
  rounded: { zh: '圆角', en: 'Rounded', ja: '角丸', ko: '둥근 모서리' },
  dots: { zh: '圆点', en: 'Dots', ja: 'ドット', ko: '점' },
  random_dots: { zh: '随机大小圆点', en: 'Random-size dots', ja: 'ランダムサイズのドット', ko: '무작위 크기 점' },
  h_lines: { zh: '横线', en: 'Horizontal lines', ja: '横線', ko: '가로줄' },
  v_lines: { zh: '竖线', en: 'Vertical lines', ja: '縦線', ko: '세로줄' },
  blocks_3d: { zh: '2.5D 立体块', en: '2.5D blocks', ja: '2.5D ブロック', ko: '2.5D 블록' },
  image_fill: { zh: '图片填充', en: 'Image fill', ja: '画像で塗る', ko: '이미지 채우기' },
};

/** The finder-eye styles' names. */
export const EYE_STYLE_NAMES: Record<QrEyeStyle, Names> = {
  square: { zh: '方形', en: 'Square', ja: '四角', ko: '사각형' },
  rounded: { zh: '圆角', en: 'Rounded', ja: '角丸', ko: '둥근 모서리' },
  circle: { zh: '圆形', en: 'Circle', ja: '円', ko: '원형' },
  leaf: { zh: '叶形', en: 'Leaf', ja: 'リーフ', ko: '잎 모양' },
};

interface StyleSeed {
  names: Names;
  config: QrLook & { ec_level?: 'L' | 'M' | 'Q' | 'H' };
}

interface PromptSeed {
  names: Names;
  config: { prompt: string; negative_prompt: string };
  /** The theme's colours, drawn as a code for the template's thumbnail (no model draws at seeding). */
  palette: { fg: string; fg2: string; bg: string };
}

/**
 * Templates a new site starts with (only when it has none): looks that scan
 * well at every verified size (dark on light, contrast far above the floor),
 * and prompts that give ControlNet room (scenes with many small light and
 * dark areas rather than one flat surface).
 */
export const STYLE_SEEDS: StyleSeed[] = [
  { names: { zh: '经典黑白', en: 'Classic', ja: 'クラシック', ko: '클래식' }, config: { style: 'square', eye: 'square', fg: '#000000', bg: '#ffffff', gradient: 'none', margin: 2 } },
  { names: { zh: '深海圆点', en: 'Deep-sea dots', ja: '深海ドット', ko: '심해 점' }, config: { style: 'dots', eye: 'circle', fg: '#0b3d91', bg: '#ffffff', gradient: 'none', margin: 2, ec_level: 'Q' } },
  { names: { zh: '森林圆角', en: 'Forest rounded', ja: 'フォレスト角丸', ko: '숲 둥근 모서리' }, config: { style: 'rounded', eye: 'rounded', fg: '#14532d', fg2: '#166534', bg: '#f7fbf4', gradient: 'linear', margin: 2 } },
  { names: { zh: '落日渐变', en: 'Sunset gradient', ja: 'サンセット', ko: '노을 그라데이션' }, config: { style: 'rounded', eye: 'leaf', fg: '#7c2d12', fg2: '#9d174d', bg: '#fffaf3', gradient: 'radial', margin: 2, ec_level: 'Q' } },
  { names: { zh: '立体积木', en: '2.5D bricks', ja: '2.5D ブロック', ko: '2.5D 블록' }, config: { style: 'blocks_3d', eye: 'square', fg: '#1f2937', bg: '#ffffff', gradient: 'none', margin: 2, ec_level: 'Q' } },
];

export const PROMPT_SEEDS: PromptSeed[] = [
  {
    names: { zh: '水墨山水', en: 'Ink landscape', ja: '水墨山水', ko: '수묵 산수' },
    config: { prompt: 'traditional Chinese ink wash painting, misty mountains, pine trees, river, rice paper texture, masterpiece', negative_prompt: 'text, watermark, blurry, lowres' },
    palette: { fg: '#1f2937', fg2: '#475569', bg: '#f5f0e6' },
  },
  {
    names: { zh: '城市夜景', en: 'City at night', ja: '都会の夜景', ko: '도시 야경' },
    config: { prompt: 'aerial view of a city at night, glowing windows, streets, neon lights, highly detailed, cinematic', negative_prompt: 'text, watermark, blurry, lowres, people' },
    palette: { fg: '#1e1b4b', fg2: '#7c3aed', bg: '#e0e7ff' },
  },
  {
    names: { zh: '花园', en: 'Flower garden', ja: '花の庭', ko: '꽃 정원' },
    config: { prompt: 'a lush flower garden seen from above, roses, leaves, stone path, soft daylight, intricate detail', negative_prompt: 'text, watermark, blurry, lowres' },
    palette: { fg: '#9d174d', fg2: '#166534', bg: '#fdf2f8' },
  },
  {
    names: { zh: '图书馆', en: 'Old library', ja: '古い図書館', ko: '오래된 도서관' },
    config: { prompt: 'an old library with tall bookshelves, books, warm lamp light, wooden ladders, highly detailed illustration', negative_prompt: 'text, watermark, blurry, lowres' },
    palette: { fg: '#5b3716', fg2: '#92400e', bg: '#fdf6e3' },
  },
];

export function localName(names: Partial<Names>, locale: Locale): string {
  return names[locale] || names.en || names.zh || '';
}
