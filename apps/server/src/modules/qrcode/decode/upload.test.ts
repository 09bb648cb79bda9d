import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/doc-fixture.js';
import { hardCode } from './hard-codes.js';
import { MAX_INPUT_PIXELS, rgbaAt } from './raster.js';
import { readJsqr, readZxing, ZXING_PLAIN } from './readers.js';
import { decodeUpload } from './upload.js';

// The shared corpus sits beside the repository in CI; a worktree elsewhere names it through SHARED_DATA.
const QR_DATA = [path.resolve(REPO_ROOT, '../shared/data/qr'), path.join(process.env.SHARED_DATA ?? '/work/shared/data', 'qr')].find((dir) => fs.existsSync(dir));
const qrFile = (relative: string) => fs.readFileSync(path.join(QR_DATA ?? '', relative));
const expected = (relative: string) => fs.readFileSync(path.join(QR_DATA ?? '', relative), 'utf8');

async function singleDecoders(picture: Buffer): Promise<{ zxing: boolean; jsqr: boolean }> {
  const pixels = await rgbaAt(picture);
  if (!pixels) return { zxing: false, jsqr: false };
  return { zxing: (await readZxing(pixels, ZXING_PLAIN)) !== null, jsqr: readJsqr(pixels, true) !== null };
}

describe.skipIf(!QR_DATA)('upload path on real pictures', () => {
  it('reads plain photos of printed codes as they are', async () => {
    const read = await decodeUpload(qrFile('zxing-cpp/qrcode-1/1.png'));
    expect(read).toEqual({ text: expected('zxing-cpp/qrcode-1/1.txt'), decoder: 'zxing', variant: 'original' });
  });

  it('reads Kanji-mode content (Shift_JIS) and an inverted code as their text', async () => {
    expect((await decodeUpload(qrFile('jsqr-end-to-end/kanji/input.png')))?.text).toBe('石積籍績脊責赤跡蹟碩切拙接摂折設');
    expect((await decodeUpload(qrFile('jsqr-end-to-end/issue-59-inverted/input.png')))?.text).toBe('http://www.qrstuff.com');
  });

  it('reads photos neither decoder reads alone, through a prepared version', async () => {
    for (const [picture, text] of [
      ['zxing-cpp/qrcode-2/13.png', expected('zxing-cpp/qrcode-2/13.txt')],
      ['zxing-cpp/qrcode-4/09.png', expected('zxing-cpp/qrcode-4/09.txt')],
    ] as const) {
      const data = qrFile(picture);
      expect(await singleDecoders(data), picture).toEqual({ zxing: false, jsqr: false });
      const read = await decodeUpload(data);
      expect(read?.text, picture).toBe(text);
      expect(read?.variant, picture).not.toBe('original');
    }
  });
});

/** A drawn cat: ears, eyes, whiskers and fur-like noise; no code anywhere. */
async function cat(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="#9ec3a0"/>
    <polygon points="200,170 240,60 290,150" fill="#c97c3a"/><polygon points="350,150 400,60 440,170" fill="#c97c3a"/>
    <ellipse cx="320" cy="250" rx="160" ry="130" fill="#d98c4a"/><ellipse cx="260" cy="230" rx="22" ry="30" fill="#2c5e1a"/>
    <ellipse cx="380" cy="230" rx="22" ry="30" fill="#2c5e1a"/><polygon points="305,280 335,280 320,300" fill="#e58a9a"/>
    <g stroke="#333" stroke-width="3"><line x1="180" y1="290" x2="290" y2="300"/><line x1="180" y1="320" x2="290" y2="310"/><line x1="350" y1="300" x2="460" y2="290"/><line x1="350" y1="310" x2="460" y2="320"/></g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, (data[i] as number) + ((i * 7919) % 31) - 15));
  return sharp(data, { raw: info }).jpeg({ quality: 80 }).toBuffer();
}

describe('upload path on bad input', () => {
  it('gives null, never an exception, for things that are not a picture of a code', async () => {
    const json = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../packages/contract/package.json');
    const inputs: [string, Buffer][] = [
      ['empty', Buffer.alloc(0)],
      ['text', Buffer.from('https://example.com is not a picture')],
      ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')],
      ['JSON', fs.readFileSync(json)],
      ['a truncated PNG', (await QRCode.toBuffer('cut short', { width: 300 })).subarray(0, 200)],
      ['a drawn cat', await cat()],
      ['a blank page', await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).png().toBuffer()],
      ['one pixel', await sharp({ create: { width: 1, height: 1, channels: 4, background: '#000000ff' } }).png().toBuffer()],
    ];
    for (const [name, data] of inputs) expect(await decodeUpload(data, { budgetMs: 800 }), name).toBeNull();
  });

  it('refuses a picture with more pixels than the limit before decoding it', async () => {
    // A small PNG whose header claims a larger picture (a decompression bomb's shape): width and height rewritten, checksum fixed.
    const huge = await QRCode.toBuffer('bomb', { width: 64 });
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 16;
    huge.writeUInt32BE(side, 16);
    huge.writeUInt32BE(side, 20);
    huge.writeUInt32BE(zlib.crc32(huge.subarray(12, 29)), 29);
    const t0 = performance.now();
    expect(await decodeUpload(huge)).toBeNull();
    // Decoding that many pixels would take many seconds and gigabytes; the header alone refuses it.
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('keeps to the time budget on a picture with no code', async () => {
    const noise = Buffer.alloc(1200 * 1200);
    for (let i = 0; i < noise.length; i++) noise[i] = (Math.imul(i, 2654435761) >>> 24) & 255;
    const picture = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 1 } }).png().toBuffer();
    for (const budgetMs of [300, 1500]) {
      const t0 = performance.now();
      expect(await decodeUpload(picture, { budgetMs })).toBeNull();
      // One step (a read of at most 1,024 px, well under 0.3 s on a quiet machine, seconds on a busy one) may be under way when the budget runs out.
      expect(performance.now() - t0).toBeLessThan(budgetMs + 3000);
    }
  });
});

describe('upload path on hard art-like codes', () => {
  it('reads clearly more of them than either decoder alone', async () => {
    let zxing = 0;
    let jsqr = 0;
    let upload = 0;
    const n = 16;
    for (let seed = 1; seed <= n; seed++) {
      const code = await hardCode(seed);
      const single = await singleDecoders(code.png);
      if (single.zxing) zxing++;
      if (single.jsqr) jsqr++;
      // The whole ladder, however busy the machine running the tests: the budget has its own test.
      const read = await decodeUpload(code.png, { budgetMs: 10_000 });
      if (read) {
        expect(read.text).toBe(code.text);
        upload++;
      }
    }
    expect(upload - Math.max(zxing, jsqr)).toBeGreaterThanOrEqual(Math.ceil(n * 0.2));
  }, 120_000);
});
