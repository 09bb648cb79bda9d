import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QR_EC_LEVELS, QR_LOGO_SCALE_MIN, QR_MARGIN_DEFAULT, QR_MIN_CONTRAST, type QrEcLevel } from '@xueba/contract';
import { AppError } from '../../../platform/errors.js';
import { verify } from '../decode/index.js';
import type { StyledSpec } from '../qr-engine.js';
import { buildMatrix, checkStyled, controlImage, maxLogoPercent, renderStyled } from './index.js';
import { coveredDataModules, dataModules } from './checks.js';

const look = (over: Partial<StyledSpec['look']> = {}): StyledSpec['look'] => ({ style: 'square', eye: 'square', fg: '#000000', bg: '#ffffff', gradient: 'none', margin: QR_MARGIN_DEFAULT, ...over });
const spec = (over: Partial<StyledSpec> = {}): StyledSpec => ({ content: 'https://xueba.example.com/q/abc', ecLevel: 'M', size: 512, look: look(), ...over });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function logo(): Promise<Buffer> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="#e63946"/><circle cx="128" cy="128" r="70" fill="#1d3557"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('content that does not fit', () => {
  it('refuses 3,000 bytes at version 10-H as too long for any code, with the level maximum and the size', () => {
    const error = refusal(() => buildMatrix('字'.repeat(1000), 'H', 10));
    expect(error.key).toBe('qrcode_too_long');
    expect(error.status).toBe(400);
    expect(error.params).toEqual({ level: 'H', max: 1273, bytes: 3000 });
  });

  it('names the smallest version at the same level that holds it', () => {
    const error = refusal(() => buildMatrix('x'.repeat(200), 'M', 5));
    expect(error.key).toBe('qrcode_too_long_fit');
    expect(error.params).toEqual({ version: 5, level: 'M', fit_version: 10, fit_level: 'M' });
    // The named fit really holds it.
    expect(buildMatrix('x'.repeat(200), 'M', 10).version).toBe(10);
    expect(() => buildMatrix('x'.repeat(200), 'M', 9)).toThrow(AppError);
  });

  it('names the strongest lower level when no version at the chosen level holds it', () => {
    const text = 'a'.repeat(1400);
    const error = refusal(() => buildMatrix(text, 'H', 30));
    expect(error.key).toBe('qrcode_too_long_fit');
    expect(error.params).toMatchObject({ version: 30, level: 'H', fit_level: 'Q' });
    const fit = error.params as { fit_version: number };
    expect(buildMatrix(text, 'Q', fit.fit_version).version).toBe(fit.fit_version);
    expect(() => buildMatrix(text, 'Q', fit.fit_version - 1)).toThrow(AppError);
  });

  it('refuses empty content', () => {
    expect(refusal(() => buildMatrix('', 'M')).key).toBe('qrcode_content_required');
  });

  it('builds the smallest version by default and a fixed one when asked, marking function patterns', () => {
    const auto = buildMatrix('https://example.com', 'L');
    expect([auto.version, auto.count, auto.ecLevel]).toEqual([2, 25, 'L']);
    const fixed = buildMatrix('https://example.com', 'L', 7);
    expect(fixed.count).toBe(45);
    // Finder corner dark and reserved; timing row alternates; a version 7 symbol reserves its version blocks.
    expect(fixed.modules[0]).toBe(1);
    expect(fixed.reserved[0]).toBe(1);
    expect([fixed.modules[6 * 45 + 8], fixed.modules[6 * 45 + 9]]).toEqual([1, 0]);
    expect(fixed.reserved[0 * 45 + (45 - 11)]).toBe(1);
    expect(fixed.modules).toHaveLength(45 * 45);
  });

  it('encodes CJK as UTF-8 that both decoders read back exactly', async () => {
    const text = '学霸：二维码测试 한국어 テスト';
    const code = await renderStyled(spec({ content: text }));
    const result = await verify(code.png, text);
    expect(result.ok, result.detail).toBe(true);
  });
});

describe('colour refusals', () => {
  it('refuses low contrast with the ratio to one decimal and the minimum', () => {
    const error = refusal(() => checkStyled(spec({ look: look({ fg: '#999999', bg: '#ffffff' }) })));
    expect(error.key).toBe('qrcode_low_contrast');
    expect(error.params).toEqual({ ratio: '2.8', min: QR_MIN_CONTRAST });
  });

  it('judges a gradient by its worse end', () => {
    expect(() => checkStyled(spec({ look: look({ fg: '#000000', fg2: '#aaaaaa', gradient: 'linear' }) }))).toThrow(expect.objectContaining({ key: 'qrcode_low_contrast' }));
    // The second colour is ignored without a gradient.
    expect(() => checkStyled(spec({ look: look({ fg: '#000000', fg2: '#aaaaaa', gradient: 'none' }) }))).not.toThrow();
  });

  it('refuses a foreground lighter than the background even with enough contrast', () => {
    expect(refusal(() => checkStyled(spec({ look: look({ fg: '#ffffff', bg: '#000000' }) }))).key).toBe('qrcode_light_on_dark');
  });

  it('passes dark on light at the minimum', () => {
    // #767676 on white is 4.5:1; #949494 is just above 3:1 (#959595 just below).
    expect(() => checkStyled(spec({ look: look({ fg: '#949494' }) }))).not.toThrow();
  });
});

describe('logo refusals', () => {
  it('refuses a logo wider than the level restores, naming the widest allowed', () => {
    const matrix = buildMatrix(spec().content, 'L');
    const max = maxLogoPercent(matrix);
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThan(35);
    const error = refusal(() => checkStyled(spec({ ecLevel: 'L', logo: { data: Buffer.alloc(0), scale: (max + 1) / 100 } })));
    expect(error.key).toBe('qrcode_logo_too_large');
    expect(error.params).toEqual({ level: 'L', max });
  });

  it('allows wider logos at higher levels, each hiding at most half of what the level restores', () => {
    const content = spec().content;
    const maxima = QR_EC_LEVELS.map((level) => maxLogoPercent(buildMatrix(content, level)));
    expect(maxima).toEqual([...maxima].sort((a, b) => a - b));
    for (const level of QR_EC_LEVELS) {
      const matrix = buildMatrix(content, level);
      const covered = coveredDataModules(matrix, maxLogoPercent(matrix) / 100);
      expect(covered / dataModules(matrix)).toBeLessThanOrEqual({ L: 0.035, M: 0.075, Q: 0.125, H: 0.15 }[level]);
    }
  });

  it.each(['M', 'Q', 'H'] as QrEcLevel[])('makes codes with the widest allowed logo at level %s that both decoders read', async (level) => {
    const data = await logo();
    const failures: string[] = [];
    for (const content of [spec().content, 'WIFI:T:WPA;S:学霸实验室;P:12345678;;', 'x'.repeat(120)]) {
      const max = maxLogoPercent(buildMatrix(content, level));
      if (max < QR_LOGO_SCALE_MIN * 100) continue;
      for (const style of ['square', 'dots'] as const) {
        const code = await renderStyled(spec({ content, ecLevel: level, logo: { data, scale: max / 100 }, look: look({ style }) }));
        const result = await verify(code.png, content);
        if (!result.ok) failures.push(`${style} ${level} ${max}% v${code.matrix.version}: ${result.detail}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('pictures that do not decode', () => {
  it('refuses a logo or background whose bytes only look like a picture, with the upload limit', async () => {
    const png = await logo();
    const truncated = Buffer.concat([png.subarray(0, 40), Buffer.alloc(64)]);
    for (const bad of [{ logo: { data: truncated, scale: 0.15 } }, { background: truncated }]) {
      await expect(renderStyled(spec({ ecLevel: 'H', ...bad }))).rejects.toMatchObject({ key: 'qrcode_image_invalid', status: 400, params: { max: 5 } });
    }
  });
});

describe('the control image', () => {
  it('is black modules on white at a whole number of pixels each, centred, and reads back', async () => {
    const matrix = buildMatrix('https://xueba.example.com/ai', 'H');
    const png = await controlImage(matrix, 768, 2);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([768, 768, 1]);
    const { data } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    expect(new Set(data)).toEqual(new Set([0, 255]));
    const modulePx = Math.floor(768 / (matrix.count + 4));
    const offset = Math.floor((768 - matrix.count * modulePx) / 2);
    // Every module's pixels are its colour.
    for (let y = 0; y < matrix.count; y += 1) {
      for (let x = 0; x < matrix.count; x += 1) {
        const want = matrix.modules[y * matrix.count + x] ? 0 : 255;
        const px = data[(offset + y * modulePx + (modulePx >> 1)) * 768 + offset + x * modulePx + (modulePx >> 1)];
        if (px !== want) throw new Error(`module ${x},${y} is ${px}`);
      }
    }
    expect((await verify(png, 'https://xueba.example.com/ai')).ok).toBe(true);
  });

  it('scales nearest-neighbour when the picture has less than a pixel a module', async () => {
    const matrix = buildMatrix('x'.repeat(100), 'H');
    const png = await controlImage(matrix, Math.floor((matrix.count + 4) / 2), 2);
    const meta = await sharp(png).metadata();
    expect(meta.width).toBe(Math.floor((matrix.count + 4) / 2));
  });
});
