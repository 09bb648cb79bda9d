import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { QR_EYE_STYLES, QR_MARGIN_DEFAULT, QR_PIXEL_STYLES, type QrContent, type QrEcLevel, type QrPixelStyle } from '@xueba/contract';
import { verify } from '../decode/index.js';
import type { StyledSpec } from '../qr-engine.js';
import { encodeContent, renderStyled } from './index.js';

/**
 * The styled-code matrix: every pixel style × four colour presets × levels L
 * and H × three content types is made at 512 px and must be read back
 * exactly by both decoders at 512, 256 and 128 px. Eye styles rotate through
 * the combinations so each eye meets each pixel style. A combination that
 * fails is a fault in the style, not in the test.
 */

const PRESETS: Array<Pick<StyledSpec['look'], 'fg' | 'bg' | 'gradient'> & { fg2?: string; name: string }> = [
  { name: 'black on white', fg: '#000000', bg: '#ffffff', gradient: 'none' },
  { name: 'navy to red, linear', fg: '#1d3557', fg2: '#c1121f', bg: '#ffffff', gradient: 'linear' },
  { name: 'purple to blue on cream, radial', fg: '#5a189a', fg2: '#0353a4', bg: '#fff8e7', gradient: 'radial' },
  { name: 'forest on mint', fg: '#14532d', bg: '#ecfdf5', gradient: 'none' },
];

const CONTENTS: QrContent[] = [
  { type: 'url', data: { url: 'https://xueba.example.com/app/qrcode?ref=测试' } },
  { type: 'wifi', data: { ssid: '学霸实验室 5G', encryption: 'WPA', password: 'p@ss;word:2026', hidden: false } },
  { type: 'vcard', data: { name: '李雷', org: '学霸大学', phone: '+8613800000000', email: 'li.lei@example.edu.cn' } },
];
const LEVELS: QrEcLevel[] = ['L', 'H'];

/** A colourful picture (gradient and shapes) for image fill. */
async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a59"/><stop offset="0.5" stop-color="#ffd166"/><stop offset="1" stop-color="#06a77d"/></linearGradient></defs><rect width="480" height="360" fill="url(#a)"/><circle cx="300" cy="140" r="95" fill="#3a86ff"/><circle cx="130" cy="240" r="70" fill="#111111"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

let background: Buffer;
beforeAll(async () => {
  background = await picture();
});

function spec(style: QrPixelStyle, preset: (typeof PRESETS)[number], level: QrEcLevel, content: string, index: number): StyledSpec {
  const { name: _name, ...colours } = preset;
  return {
    content,
    ecLevel: level,
    size: 512,
    look: { style, eye: QR_EYE_STYLES[index % QR_EYE_STYLES.length] ?? 'square', margin: QR_MARGIN_DEFAULT, ...colours },
    ...(style === 'image_fill' ? { background } : {}),
  };
}

describe('every pixel style scans', () => {
  it.each(QR_PIXEL_STYLES.map((style) => [style]))('%s: 4 colour presets × L and H × url, Wi-Fi and vCard read by both decoders at every size', async (style) => {
    const failures: string[] = [];
    let made = 0;
    let index = QR_PIXEL_STYLES.indexOf(style);
    for (const preset of PRESETS) {
      for (const level of LEVELS) {
        for (const content of CONTENTS) {
          const text = encodeContent(content);
          const s = spec(style, preset, level, text, index);
          index += 1;
          const code = await renderStyled(s);
          made += 1;
          const result = await verify(code.png, text);
          if (!(result.ok && result.zxing && result.jsqr && result.sizes.join() === '512,256,128')) {
            failures.push(`${preset.name}, ${level}, ${content.type}, eye ${s.look.eye}, v${code.matrix.version}: ${result.detail}`);
          }
        }
      }
    }
    expect(made).toBe(PRESETS.length * LEVELS.length * CONTENTS.length);
    expect(failures).toEqual([]);
  });
});

describe('the SVG', () => {
  it('is one path per colour for the modules plus the eyes, and the PNG is the asked size', async () => {
    const text = encodeContent(CONTENTS[0] as QrContent);
    const code = await renderStyled(spec('rounded', PRESETS[1] as (typeof PRESETS)[number], 'M', text, 0));
    expect(code.svg.match(/<path /g)).toHaveLength(2);
    expect(code.svg).toContain('<linearGradient id="fg"');
    const meta = await sharp(code.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
  });

  it('draws random-size dots the same way for the same content, and differently for other content', async () => {
    const make = async (text: string) => (await renderStyled(spec('random_dots', PRESETS[0] as (typeof PRESETS)[number], 'M', text, 0))).svg;
    expect(await make('https://a.example/1')).toBe(await make('https://a.example/1'));
    const a = (await make('https://a.example/1')).match(/d="[^"]+"/)?.[0];
    const b = (await make('https://a.example/2')).match(/d="[^"]+"/)?.[0];
    expect(a).not.toBe(b);
  });

  it('lets a background picture show behind every style and still scans', async () => {
    const text = encodeContent(CONTENTS[1] as QrContent);
    const failures: string[] = [];
    for (const style of QR_PIXEL_STYLES) {
      const code = await renderStyled({ ...spec(style, PRESETS[0] as (typeof PRESETS)[number], 'M', text, 1), background });
      expect(code.svg).toContain('data:image/jpeg;base64,');
      const result = await verify(code.png, text);
      if (!result.ok) failures.push(`${style}: ${result.detail}`);
    }
    expect(failures).toEqual([]);
  });
});
