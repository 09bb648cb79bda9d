import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { verify } from './verify.js';

function code(text: string, width: number, errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' = 'M'): Promise<Buffer> {
  return QRCode.toBuffer(text, { width, margin: 2, errorCorrectionLevel });
}

describe('verify', () => {
  it('passes a plain code at its own size, 256 and 128 px with both decoders', async () => {
    const result = await verify(await code('https://example.com/a?b=1', 512), 'https://example.com/a?b=1');
    expect(result).toEqual({ zxing: true, jsqr: true, sizes: [512, 256, 128], ok: true, detail: '' });
  });

  it('passes byte-mode UTF-8 text (Chinese, Japanese, Korean) read back exactly', async () => {
    for (const text of ['学霸', '学霸 AI 工具：二维码', 'こんにちは世界', '안녕하세요', 'café ✓']) {
      const result = await verify(await code(text, 400), text);
      expect(result.ok, `${text}: ${result.detail}`).toBe(true);
      expect(result.sizes).toEqual([400, 256, 128]);
    }
  });

  it('fails a code whose content differs, naming both decoders at every size', async () => {
    const result = await verify(await code('https://example.com/one', 512), 'https://example.com/two');
    expect(result.ok).toBe(false);
    expect(result.zxing).toBe(false);
    expect(result.jsqr).toBe(false);
    expect(result.sizes).toEqual([]);
    expect(result.detail).toContain('zxing-wasm read other text at 512 px');
    expect(result.detail).toContain('jsQR read other text at 128 px');
  });

  it('fails a dense code that cannot be read at 128 px, and only at that size', async () => {
    const text = 'x'.repeat(350);
    const result = await verify(await code(text, 512, 'H'), text);
    expect(result.ok).toBe(false);
    expect(result.sizes).toEqual([512, 256]);
    expect(result.detail).toMatch(/could not read it at 128 px/);
    expect(result.detail).not.toMatch(/at (512|256) px/);
  });

  it('skips the sizes larger than the picture', async () => {
    const result = await verify(await code('small', 200), 'small');
    expect(result.ok).toBe(true);
    expect(result.sizes).toEqual([200, 128]);
  });

  it('judges a transparent code on white', async () => {
    const png = await QRCode.toBuffer('clear', { width: 300, margin: 2, color: { dark: '#000000ff', light: '#00000000' } });
    expect((await verify(png, 'clear')).ok).toBe(true);
  });

  it('fails pictures that are not codes, without throwing', async () => {
    const grey = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#808080' } }).png().toBuffer();
    expect(await verify(grey, 'x')).toMatchObject({ ok: false, zxing: false, jsqr: false });
    expect(await verify(Buffer.from('%PDF-1.7 not a picture'), 'x')).toMatchObject({ ok: false, sizes: [], detail: 'the picture could not be read' });
  });
});
