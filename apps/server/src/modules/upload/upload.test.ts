import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { api, envelopeSchema, uploadImageResponseSchema, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_QUOTA, type Envelope } from '@xueba/contract';
import { call, createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { sniffImage } from './image-type.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR-rest-of-a-png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-body')]);
const GIF = Buffer.from('GIF89a-body-of-a-gif');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
/** A ZIP archive's local file header: what a renamed archive starts with. */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----xueba${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Uploaded {
  url: string;
  uri: string;
  name: string;
  size: number;
  mime: string;
}

describe('upload: POST /upload/image', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://xueba.example' });
    token = (await makeUser(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(parts: Part[], options: { token?: string | null; locale?: string } = {}) {
    const body = multipart(parts);
    const headers: Record<string, string> = { 'content-type': body.contentType, 'accept-language': options.locale ?? 'en' };
    const useToken = options.token === undefined ? token : options.token;
    if (useToken) headers.token = useToken;
    const response = await t.app.inject({ method: 'POST', url: '/api/upload/image', headers, payload: body.payload });
    return { status: response.statusCode, body: response.json() as Envelope<Uploaded> };
  }

  it('recognises PNG, JPEG, GIF and WebP by their first bytes only', () => {
    expect(sniffImage(PNG)?.mime).toBe('image/png');
    expect(sniffImage(JPEG)?.mime).toBe('image/jpeg');
    expect(sniffImage(GIF)?.mime).toBe('image/gif');
    expect(sniffImage(Buffer.from('GIF87a...'))?.ext).toBe('gif');
    expect(sniffImage(WEBP)?.mime).toBe('image/webp');
    expect(sniffImage(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toBeNull();
    expect(sniffImage(ZIP)).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
  });

  it('stores a PNG (extra fields ignored) and serves it from /files with its type and nosniff', async () => {
    const result = await upload([
      { name: 'purpose', value: 'avatar' },
      { name: 'file', filename: '../../etc/我的头像.png', type: 'image/png', data: PNG },
      { name: 'after', value: 'ignored too' },
    ]);
    expect(result.status).toBe(200);
    const data = envelopeSchema(uploadImageResponseSchema).parse(result.body).data;
    expect(data.uri).toMatch(/^\/files\/public\/images\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.png$/);
    expect(data.url).toBe(`https://xueba.example${data.uri}`);
    expect(data).toMatchObject({ name: '我的头像.png', size: PNG.length, mime: 'image/png' });
    const key = data.uri.slice('/files/'.length);
    expect(t.storage.files.get(key)?.contentType).toBe('image/png');

    const served = await t.app.inject({ method: 'GET', url: data.uri });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('names the file by its content, whatever name and type the client claims', async () => {
    const result = await upload([{ name: 'file', filename: 'photo.png', type: 'image/png', data: JPEG }]);
    expect(result.status).toBe(200);
    expect(result.body.data.mime).toBe('image/jpeg');
    expect(result.body.data.uri).toMatch(/\.jpg$/);
    const gif = await upload([{ name: 'file', filename: 'x', type: 'application/octet-stream', data: GIF }]);
    expect(gif.body.data.uri).toMatch(/\.gif$/);
    expect(gif.body.data.name).toBe('x');
    const webp = await upload([{ name: 'file', filename: 'a.webp', type: 'image/webp', data: WEBP }]);
    expect(webp.body.data.mime).toBe('image/webp');
  });

  it('uses the admin-configured domain for the URL when there is one', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const settings = await callApi(t.app, api.getSettings, { token: admin.token });
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings.body.data, domain: 'https://cdn.example.com/' } });
    const result = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(result.body.data.url).toBe(`https://cdn.example.com${result.body.data.uri}`);
    await callApi(t.app, api.saveSettings, { token: admin.token, body: { ...settings.body.data, domain: '' } });
  });

  it('refuses a ZIP named .png with image_only (415) and stores nothing', async () => {
    const before = t.storage.files.size;
    const result = await upload([{ name: 'file', filename: 'picture.png', type: 'image/png', data: ZIP }], { locale: 'zh' });
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({ code: 0, show: 1, msg: '只能上传图片（PNG、JPEG、GIF、WebP）' });
    const svg = await upload([{ name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') }]);
    expect(svg.status).toBe(415);
    expect(t.storage.files.size).toBe(before);
  });

  it('refuses a file over the limit with file_too_large (413), including a 50 MB one', async () => {
    const before = t.storage.files.size;
    const justOver = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES)]);
    const over = await upload([{ name: 'file', filename: 'big.png', type: 'image/png', data: justOver }]);
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe('The file may not exceed 5 MB');
    const huge = Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024)]);
    const started = Date.now();
    const fifty = await upload([{ name: 'file', filename: 'huge.png', type: 'image/png', data: huge }], { locale: 'ko' });
    expect(fifty.status).toBe(413);
    expect(fifty.body.msg).toBe('파일은 5MB를 초과할 수 없습니다');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(t.storage.files.size).toBe(before);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES - PNG.length)]);
    const ok = await upload([{ name: 'file', filename: 'max.png', type: 'image/png', data: atLimit }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.size).toBe(UPLOAD_IMAGE_MAX_BYTES);
  });

  it('asks for a file when there is none, an empty one, or only another field name', async () => {
    const none = await upload([{ name: 'purpose', value: 'avatar' }]);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Please choose a file');
    const empty = await upload([{ name: 'file', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    const otherName = await upload([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(otherName.status).toBe(400);
    expect(otherName.body.msg).toBe('Please choose a file');
  });

  it('refuses a JSON body and requires sign-in (-1) before reading anything', async () => {
    const json = await call(t.app, 'POST', '/upload/image', { token, body: { file: 'data:image/png;base64,AAAA' }, locale: 'en' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe(0);

    const signedOut = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }], { token: null });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ code: -1, msg: 'Please log in before proceeding' });
    const forged = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }], { token: 'forged-token-forged-token-forged' });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: -1, msg: 'Your session has expired, please log in again' });
  });

  /** Records `count` earlier uploads of `bytes` each for the user, made `hoursAgo` hours ago (as if uploaded then). */
  async function seedUploads(userId: number, count: number, bytes: number, hoursAgo: number): Promise<void> {
    const at = new Date(t.clock.now().getTime() - hoursAgo * 3600_000);
    await sql`INSERT INTO image_uploads (user_id, storage_key, size, created_at)
      SELECT ${userId}, 'public/images/seeded/' || n || '.png', ${bytes}, ${at} FROM generate_series(1, ${count}) AS n`.execute(t.owned.ctx.db);
  }

  const png = (name = 'a.png') => [{ name: 'file', filename: name, type: 'image/png', data: PNG }];

  it('refuses an upload past the 24-hour count in the user language, stores nothing, and takes uploads again a day later', async () => {
    const user = await makeUser(t.app);
    await seedUploads(user.user.id, UPLOAD_IMAGE_QUOTA.dailyCount - 1, 1000, 1);
    expect((await upload(png(), { token: user.token })).status).toBe(200);
    const before = t.storage.files.size;
    const refused = await upload(png(), { token: user.token, locale: 'zh' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 0, show: 1, msg: '24 小时内最多上传 100 张图片、共 100MB，请稍后再试' });
    expect((await upload(png(), { token: user.token, locale: 'en' })).body.msg).toBe('You can upload at most 100 images (100 MB) in 24 hours; please try again later');
    expect(t.storage.files.size).toBe(before);
    t.clock.advance(24 * 3600_000);
    expect((await upload(png(), { token: user.token })).status).toBe(200);
  });

  it('counts bytes per 24 hours too, and only one of two racing uploads takes the last place', async () => {
    const user = await makeUser(t.app);
    await seedUploads(user.user.id, 1, UPLOAD_IMAGE_QUOTA.dailyBytes - PNG.length + 1, 2);
    const before = t.storage.files.size;
    const bytes = await upload(png(), { token: user.token, locale: 'ko' });
    expect(bytes.status).toBe(429);
    expect(bytes.body.msg).toBe('24시간 동안 이미지는 최대 100장(총 100MB)까지 올릴 수 있습니다. 잠시 후 다시 시도하세요');
    expect(t.storage.files.size).toBe(before);

    const racer = await makeUser(t.app);
    await seedUploads(racer.user.id, UPLOAD_IMAGE_QUOTA.dailyCount - 1, 1000, 1);
    const both = await Promise.all([upload(png('one.png'), { token: racer.token }), upload(png('two.png'), { token: racer.token })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(t.storage.files.size).toBe(before + 1);
  });

  it('refuses an upload past the total cap whatever the day, in the user language', async () => {
    const user = await makeUser(t.app);
    await seedUploads(user.user.id, 1, UPLOAD_IMAGE_QUOTA.totalBytes - 10, 24 * 90);
    const before = t.storage.files.size;
    const refused = await upload(png(), { token: user.token, locale: 'ja' });
    expect(refused.status).toBe(413);
    expect(refused.body.msg).toBe('アップロードした画像が上限（10000枚または2048MB）に達したため、これ以上アップロードできません');
    const counted = await makeUser(t.app);
    await seedUploads(counted.user.id, UPLOAD_IMAGE_QUOTA.totalCount, 10, 24 * 30);
    expect((await upload(png(), { token: counted.token, locale: 'en' })).body.msg).toBe('You have reached the total limit for uploaded images (10000 images or 2048 MB)');
    expect(t.storage.files.size).toBe(before);
  });

  it('is documented in OpenAPI with a summary', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = docs.json() as { paths: Record<string, { post?: { summary?: string } }> };
    expect(spec.paths['/api/upload/image']?.post?.summary).toMatch(/Upload an image/);
    // The JSON endpoints of this module's neighbours are there too.
    expect(Object.keys(spec.paths)).toContain(`/api${api.invite.path}`);
  });
});
