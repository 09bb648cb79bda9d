import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, QR_PIXEL_STYLES } from '@xueba/contract';
import { callApi, makeUser } from '../../test/helpers.js';
import { SD_PEER_MODELS } from '../../test/draw-peers/index.js';
import { startDrawWorld, uploadImage, type DrawWorld } from '../../test/draw-world.js';
import { verify } from './decode/index.js';
import { decodeCall, drawCat, HAS_QR_DATA, plantUpload, qrDataDir, storedFile } from '../../test/qr-fixture.js';

const wifi = { type: 'wifi', data: { ssid: 'Library 3F', password: 'reading-room-42', encryption: 'WPA' } };

describe('styled QR codes', () => {
  let w: DrawWorld;
  let user: { id: number; token: string };
  beforeAll(async () => {
    w = await startDrawWorld();
    const made = await makeUser(w.t.app);
    user = { id: made.user.id, token: made.token };
    // Unlimited for the tests of what is made; the allowance has its own block.
    await setLimit(1000);
  });
  afterAll(async () => {
    await w.close();
  });

  async function setLimit(limit: number) {
    const site = await w.t.app.services.settings.site();
    await w.t.app.services.settings.saveSite({ ...site, qrcode_limit: limit });
  }

  const codes = async () => (await w.t.owned.ctx.db.selectFrom('qr_codes').select('id').execute()).length;

  it('lists every pixel style and offers eyes, seeded templates, the allowance and the AI mode', async () => {
    const styles = await callApi(w.t.app, api.qrcodeStyles, { locale: 'ja' });
    expect(styles.body.data.lists.map((s) => s.key)).toEqual([...QR_PIXEL_STYLES]);
    expect(styles.body.data.lists[0]!.name).toBe('スクエア');
    const visitor = await callApi(w.t.app, api.qrcodeOptions, { locale: 'en' });
    const options = visitor.body.data;
    expect(options.eyes.map((e) => e.name)).toEqual(['Square', 'Rounded', 'Circle', 'Leaf']);
    expect(options.templates.style.length).toBeGreaterThanOrEqual(4);
    expect(options.templates.style.every((t) => t.thumb_url !== null && storedFile(w.t, t.thumb_url!) !== undefined)).toBe(true);
    expect(options.templates.prompt.length).toBeGreaterThanOrEqual(4);
    expect(options.templates.prompt[0]!.name).toBe('Ink landscape');
    expect(options.free).toEqual({ limit: 1000, used: 0, unlimited: false });
    expect(options.ai).toMatchObject({ enabled: true, models: SD_PEER_MODELS, max_attempts: 3 });
    expect(options.ai.sizes.length).toBeGreaterThan(0);
    expect(options.balance).toBeNull();
    const signedIn = await callApi(w.t.app, api.qrcodeOptions, { token: user.token, locale: 'zh' });
    expect(signedIn.body.data.balance).toBe((await w.t.app.services.ledger.balances(user.id)).drawing_count ?? 0);
    expect(signedIn.body.data.templates.prompt[0]!.name).toBe('水墨山水');
  });

  it('makes a Wi-Fi code with a logo: PNG and SVG stored, verified by both decoders at three sizes, in the history', async () => {
    const logo = await sharp({ create: { width: 120, height: 120, channels: 4, background: '#d81b60' } }).png().toBuffer();
    const uploaded = await uploadImage(w.t, user.token, logo, 'logo.png');
    expect(uploaded.status).toBe(200);
    const res = await callApi(w.t.app, api.qrcodeStyled, { token: user.token, body: { ...wifi, style: 'rounded', eye: 'circle', fg: '#1a237e', ec_level: 'H', size: 600, logo: uploaded.uri!, logo_scale: 0.2 } });
    expect(res.status, res.body.msg).toBe(200);
    const made = res.body.data;
    expect(made.content).toBe('WIFI:T:WPA;S:Library 3F;P:reading-room-42;;');
    expect(made.verified).toEqual({ zxing: true, jsqr: true, sizes: [600, 256, 128] });
    const png = storedFile(w.t, made.png_url)!;
    expect((await sharp(png).metadata()).width).toBe(600);
    expect((await verify(png, made.content)).ok).toBe(true);
    const svg = await w.t.app.inject({ method: 'GET', url: made.svg_url });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.body).toContain('<svg');
    const history = await callApi(w.t.app, api.qrcodeRecords, { token: user.token, query: { page_no: '1', page_size: '10' } });
    const record = history.body.data.lists.find((r) => r.id === made.id)!;
    expect(record).toMatchObject({ mode: 'styled', type: 'wifi', status: 'success', ec_level: 'H', version: made.version, draw: null });
    expect(record.look).toMatchObject({ style: 'rounded', eye: 'circle', fg: '#1a237e' });
    expect((await sharp(storedFile(w.t, record.thumb_url!)!).metadata()).format).toBe('webp');

    const mismatch = await callApi(w.t.app, api.qrcodeMismatch, { token: user.token, query: { id: String(made.id) } });
    expect(mismatch.status, mismatch.body.msg).toBe(200);
    expect(mismatch.body.data.count).toBe(17 + 4 * made.version);
    expect(mismatch.body.data.modules).toHaveLength(mismatch.body.data.count ** 2);
    // The logo covers some modules (the level restores them); nothing else reads wrong.
    expect(mismatch.body.data.ratio).toBeLessThan(0.1);
  });

  it('refuses every kind of bad input with its reason, stores nothing and counts nothing', async () => {
    const before = await codes();
    const refused = async (body: Record<string, unknown>, key: string, token: string | undefined = user.token) => {
      const res = await callApi(w.t.app, api.qrcodeStyled, { token, body, locale: 'en' });
      expect(res.body.key, JSON.stringify(res.body)).toBe(key);
      expect(res.status).toBeGreaterThanOrEqual(400);
      return res;
    };
    await refused({ type: 'text', data: { text: '   ' } }, 'qrcode_content_required');
    await refused({ type: 'url', data: { url: '' } }, 'qrcode_content_required');
    const long = await refused({ type: 'text', data: { text: 'x'.repeat(3000) }, version: 10, ec_level: 'H' }, 'qrcode_too_long');
    expect(long.body.msg).toContain('3000');
    const fit = await refused({ type: 'text', data: { text: 'y'.repeat(400) }, version: 10, ec_level: 'H' }, 'qrcode_too_long_fit');
    expect(fit.body.msg).toMatch(/version \d+ at level [LMQH] holds it/);
    await refused({ type: 'wifi', data: { ssid: 'Cafe', password: 'short', encryption: 'WPA' } }, 'qrcode_wifi_password_invalid');
    await refused({ type: 'wifi', data: { ssid: '', password: 'long-enough-1', encryption: 'WPA' } }, 'qrcode_wifi_ssid_required');
    await refused({ type: 'vcard', data: { name: '  ', phone: '+86 10 1234 5678' } }, 'qrcode_vcard_name_required');
    await refused({ type: 'vcard', data: { name: 'Li Hua', email: 'not-an-email' } }, 'qrcode_email_invalid');
    await refused({ ...wifi, fg: 'red' }, 'qrcode_color_invalid');
    await refused({ ...wifi, bg: '#12345' }, 'qrcode_color_invalid');
    await refused({ ...wifi, fg: '#777777', bg: '#888888' }, 'qrcode_low_contrast');
    await refused({ ...wifi, fg: '#ffffff', bg: '#000000' }, 'qrcode_light_on_dark');

    // A PDF is no logo: /upload/image refuses it, and a PDF under an image's name is refused here.
    const pdf = fs.readFileSync(path.join(qrDataDir(), '..', 'documents', 'derived', 'truncated-60pct_pdfminer_naacl06-shinyama.pdf'));
    expect((await uploadImage(w.t, user.token, pdf, 'logo.pdf', 'application/pdf')).status).toBe(415);
    const image = await refused({ ...wifi, ec_level: 'H', logo: await plantUpload(w.t, user.id, pdf, 'png') }, 'qrcode_image_invalid');
    expect(image.body.msg).toBe('A logo or background must be a PNG, JPEG or WebP picture of at most 5 MB');
    // 20 MB: over the upload limit, refused by /upload/image and here.
    const huge = Buffer.concat([await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer(), Buffer.alloc(20 * 1024 * 1024)]);
    expect((await uploadImage(w.t, user.token, huge, 'big.png')).status).toBe(413);
    await refused({ ...wifi, ec_level: 'H', logo: await plantUpload(w.t, user.id, huge, 'png') }, 'qrcode_image_invalid');
    // Another user's upload, and any upload for a visitor (visitors cannot upload).
    const other = await makeUser(w.t.app);
    const theirs = await uploadImage(w.t, other.token, await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } }).png().toBuffer());
    await refused({ ...wifi, logo: theirs.uri }, 'qrcode_image_invalid');
    await refused({ ...wifi, background_image: theirs.uri }, 'qrcode_image_invalid', undefined);
    expect(await codes()).toBe(before);
    const options = await callApi(w.t.app, api.qrcodeOptions, { token: user.token });
    expect(options.body.data.free.used).toBe(1);
  });

  it('reads an uploaded photo of a code into the form, and says when a photo holds none', async () => {
    const cat = await decodeCall(w.t, await drawCat(), { locale: 'en' });
    expect([cat.status, cat.body.key, cat.body.msg]).toEqual([422, 'qrcode_not_found', 'No QR code was found in this picture']);
    const pdf = await decodeCall(w.t, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), { filename: 'x.pdf', type: 'application/pdf' });
    expect([pdf.status, pdf.body.key]).toEqual([415, 'qrcode_decode_invalid']);
    const ours = (await callApi(w.t.app, api.qrcodeStyled, { token: user.token, body: wifi })).body.data;
    const back = await decodeCall(w.t, storedFile(w.t, ours.png_url)!, { filename: 'code.png', type: 'image/png' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ text: ours.content, parsed: { type: 'wifi', data: { ssid: 'Library 3F', password: 'reading-room-42', encryption: 'WPA' } } });
  });

  it.skipIf(!HAS_QR_DATA)('reads a real photograph of a printed code', async () => {
    const dir = path.join(qrDataDir(), 'zxing-cpp', 'qrcode-1');
    const photo = fs.readFileSync(path.join(dir, '1.png'));
    const expected = fs.readFileSync(path.join(dir, '1.txt'), 'utf8');
    const res = await decodeCall(w.t, photo, { filename: '1.png', type: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as { text: string }).text).toBe(expected);
  });

  it('deletes a code with its files; the record is gone', async () => {
    const made = (await callApi(w.t.app, api.qrcodeStyled, { token: user.token, body: { type: 'phone', data: { phone: '+86 10 6275 1234' } } })).body.data;
    expect(storedFile(w.t, made.png_url)).toBeDefined();
    const cancel = await callApi(w.t.app, api.qrcodeCancel, { token: user.token, body: { id: made.id } });
    expect(cancel.status).toBe(409);
    expect((await callApi(w.t.app, api.qrcodeDelete, { token: user.token, body: { id: made.id } })).status).toBe(200);
    expect(storedFile(w.t, made.png_url)).toBeUndefined();
    expect(storedFile(w.t, made.svg_url)).toBeUndefined();
    expect((await callApi(w.t.app, api.qrcodeDetail, { token: user.token, query: { id: String(made.id) } })).status).toBe(404);
    expect((await callApi(w.t.app, api.qrcodeDelete, { token: user.token, body: { id: made.id } })).status).toBe(200);
  });

  describe('the daily allowance', () => {
    beforeAll(async () => {
      await setLimit(2);
    });
    afterAll(async () => {
      await setLimit(1000);
    });
    const make = (options: { token?: string; remoteAddress?: string; body?: Record<string, unknown> }) =>
      callApi(w.t.app, api.qrcodeStyled, { token: options.token, remoteAddress: options.remoteAddress, body: options.body ?? { type: 'text', data: { text: 'hello' } }, locale: 'en' });

    it('gives a visitor two a day by address; a refusal costs nothing; then asks them to sign in', async () => {
      const at = { remoteAddress: '203.0.113.7' };
      expect((await make({ ...at, body: { type: 'text', data: { text: 'hello' }, fg: '#999999', bg: '#aaaaaa' } })).body.key).toBe('qrcode_low_contrast');
      expect((await make(at)).status).toBe(200);
      expect((await make(at)).status).toBe(200);
      const third = await make(at);
      expect([third.status, third.body.key]).toEqual([429, 'qrcode_visitor_limit']);
      expect((await make({ remoteAddress: '203.0.113.8' })).status).toBe(200);
      expect((await callApi(w.t.app, api.qrcodeOptions, { remoteAddress: '203.0.113.7' })).body.data.free).toEqual({ limit: 2, used: 2, unlimited: false });
      // Visitors' codes are kept without a user.
      expect(await w.t.owned.ctx.db.selectFrom('qr_codes').select('id').where('user_id', 'is', null).execute()).not.toHaveLength(0);
    });

    it('gives a signed-in user two a day, and two tabs cannot both take the last one', async () => {
      const u = await makeUser(w.t.app);
      expect((await make({ token: u.token })).status).toBe(200);
      const both = await Promise.all([make({ token: u.token }), make({ token: u.token })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
      const refused = both.find((r) => r.status === 429)!;
      expect([refused.body.key, refused.body.msg]).toEqual(['qrcode_daily_limit', "Today's 2 free codes are used; members make codes without limit"]);
    });

    it('does not limit members', async () => {
      const m = await makeUser(w.t.app);
      await w.t.owned.ctx.db.insertInto('memberships').values({ user_id: m.user.id, kind: 'academic_ai', level: 'vip', expires_at: null }).execute();
      await w.t.app.services.userInfo.invalidate(m.user.id);
      for (let i = 0; i < 4; i += 1) expect((await make({ token: m.token })).status).toBe(200);
      expect((await callApi(w.t.app, api.qrcodeOptions, { token: m.token })).body.data.free).toMatchObject({ unlimited: true });
    });
  });
});
