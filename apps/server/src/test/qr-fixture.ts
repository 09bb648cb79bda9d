import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Envelope } from '@xueba/contract';
import { newFileKey } from '../providers/storage/file-keys.js';
import { sharedDataDir } from '../modules/paper/shared-data.js';
import type { TestApp } from './helpers.js';

/**
 * What the QR tests share: the real photographs of codes (the shared data,
 * next to the repository, else where SHARED_DATA points), a photo-like
 * picture without any code, files planted as if uploaded, and the multipart
 * decode call.
 */
export function qrDataDir(): string {
  const beside = path.join(sharedDataDir(), 'qr');
  return fs.existsSync(beside) ? beside : path.join(process.env.SHARED_DATA ?? '/work/shared/data', 'qr');
}

export const HAS_QR_DATA = fs.existsSync(path.join(qrDataDir(), 'zxing-cpp', 'qrcode-1'));

/** A cat, drawn: fur-coloured noise, a head, ears, eyes and whiskers; no code anywhere. */
export async function drawCat(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="#8fb3c9"/>
    <ellipse cx="320" cy="300" rx="170" ry="140" fill="#c98b4a"/>
    <polygon points="180,230 210,90 270,190" fill="#c98b4a"/><polygon points="460,230 430,90 370,190" fill="#c98b4a"/>
    <ellipse cx="260" cy="280" rx="28" ry="36" fill="#3a5f2a"/><ellipse cx="380" cy="280" rx="28" ry="36" fill="#3a5f2a"/>
    <ellipse cx="260" cy="284" rx="8" ry="26" fill="#111"/><ellipse cx="380" cy="284" rx="8" ry="26" fill="#111"/>
    <polygon points="305,340 335,340 320,358" fill="#e88"/>
    <path d="M320 358 q-20 25 -45 10 M320 358 q20 25 45 10" stroke="#422" stroke-width="4" fill="none"/>
    <path d="M230 345 l-120 -20 M230 355 l-120 5 M410 345 l120 -20 M410 355 l120 5" stroke="#eee" stroke-width="3"/>
  </svg>`;
  const noise = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(Math.random() * 60);
  const grain = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

/** A file stored under an image upload's key and recorded as this user's upload (what `POST /upload/image` would refuse to take). */
export async function plantUpload(t: TestApp, userId: number, data: Buffer, ext: 'png' | 'jpg' | 'webp'): Promise<string> {
  const key = newFileKey(new Date(), { visibility: 'public', kind: 'images', ext });
  await t.owned.ctx.storage.put(key, data, 'application/octet-stream');
  await t.owned.ctx.db.insertInto('image_uploads').values({ user_id: userId, storage_key: key, size: data.length, created_at: new Date() }).execute();
  return `/files/${key}`;
}

export async function decodeCall(t: TestApp, data: Buffer, options: { filename?: string; type?: string; token?: string; locale?: string } = {}): Promise<{ status: number; body: Envelope<unknown> }> {
  const boundary = `----qr${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': options.locale ?? 'en' };
  if (options.token) headers.token = options.token;
  const response = await t.app.inject({ method: 'POST', url: '/api/qrcode/decode', headers, payload });
  return { status: response.statusCode, body: response.json() as Envelope<unknown> };
}

/** A stored file as the app serves it (`/files/<key>`). */
export function storedFile(t: TestApp, url: string): Buffer | undefined {
  return t.storage.files.get(url.slice('/files/'.length))?.data;
}
