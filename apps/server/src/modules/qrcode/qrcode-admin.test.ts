import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@xueba/contract';
import { callApi, createTestApp, makeUser, type TestApp } from '../../test/helpers.js';
import { uploadImage } from '../../test/draw-world.js';
import { storedFile } from '../../test/qr-fixture.js';
import { qrRenderer } from './render/index.js';
import { QrAdminService } from './qrcode-admin.service.js';
import { QrAiSettingsStore } from './qrcode-settings.js';

describe('Admin → QR codes', () => {
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    const made = await makeUser(t.app, { role: 'admin' });
    admin = { id: made.user.id, token: made.token };
  });
  afterAll(async () => {
    await t.close();
  });

  const names = { zh: '海洋', en: 'Ocean', ja: '海', ko: '바다' };

  it('starts with the default templates once, and the AI settings at their defaults', async () => {
    const listed = await callApi(t.app, api.adminQrcode, { token: admin.token });
    expect(listed.status).toBe(200);
    const { templates, settings } = listed.body.data;
    expect(templates.filter((x) => x.kind === 'style').length).toBe(5);
    expect(templates.filter((x) => x.kind === 'prompt').length).toBe(4);
    expect(templates.every((x) => x.names.zh && x.names.en && x.names.ja && x.names.ko)).toBe(true);
    // Every template has a thumbnail: a style its look, a prompt its theme's colours drawn as a code.
    for (const template of templates) expect((await sharp(storedFile(t, template.thumb_url!)!).metadata()).format).toBe('webp');
    expect(settings).toMatchObject({ recipe: 'monster', weight: 1.1, weight_step: 0.15, max_attempts: 3 });
    // Seeding again adds none.
    await new QrAdminService(t.app.ctx, new QrAiSettingsStore(t.app.services.settings), t.app.services.settings, qrRenderer).seed();
    expect((await callApi(t.app, api.adminQrcode, { token: admin.token })).body.data.templates).toHaveLength(9);
  });

  it('saves a style template with its look drawn as the thumbnail, refuses a look that cannot scan, edits and deletes it', async () => {
    const saved = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { kind: 'style', names, config: { style: 'dots', eye: 'circle', fg: '#003366', bg: '#ffffff' }, sort: 9 } });
    expect(saved.status, saved.body.msg).toBe(200);
    const template = saved.body.data;
    expect(template).toMatchObject({ kind: 'style', names, sort: 9, enabled: true });
    expect((await sharp(storedFile(t, template.thumb_url!)!).metadata()).format).toBe('webp');
    const faint = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { kind: 'style', names, config: { style: 'dots', fg: '#bbbbbb', bg: '#cccccc' } }, locale: 'en' });
    expect(faint.body.key).toBe('qrcode_low_contrast');
    const badColour = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { kind: 'style', names, config: { fg: 'blue' } } });
    expect(badColour.body.key).toBe('qrcode_color_invalid');

    const picture = await uploadImage(t, admin.token, await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6' } }).png().toBuffer());
    const edited = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { id: template.id, kind: 'style', names: { ...names, en: 'Sea' }, thumb: picture.uri!, config: { style: 'square', fg: '#000000', bg: '#ffffff' }, enabled: false } });
    expect(edited.body.data).toMatchObject({ id: template.id, enabled: false, names: { en: 'Sea' } });
    expect(storedFile(t, template.thumb_url!)).toBeUndefined();
    const thumb = await sharp(storedFile(t, edited.body.data.thumb_url!)!).metadata();
    expect([thumb.width, thumb.height]).toEqual([256, 256]);
    // Disabled templates are not offered.
    const user = await makeUser(t.app);
    const offered = await callApi(t.app, api.qrcodeOptions, { token: user.token });
    expect(offered.body.data.templates.style.map((x) => x.id)).not.toContain(template.id);

    const pdf = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { kind: 'prompt', names, thumb: '/files/images/2024/01/nothere.png', config: { prompt: 'waves' } } });
    expect(pdf.body.key).toBe('qrcode_image_invalid');
    const missing = await callApi(t.app, api.adminQrTemplateSave, { token: admin.token, body: { id: 99999, kind: 'prompt', names, config: { prompt: 'waves' } } });
    expect([missing.status, missing.body.key]).toEqual([404, 'qrcode_template_not_found']);

    expect((await callApi(t.app, api.adminQrTemplateDelete, { token: admin.token, body: { id: template.id } })).status).toBe(200);
    expect(storedFile(t, edited.body.data.thumb_url!)).toBeUndefined();
    expect((await callApi(t.app, api.adminQrcode, { token: admin.token })).body.data.templates.map((x) => x.id)).not.toContain(template.id);
  });

  it('saves the AI settings and refuses values out of range; only admins', async () => {
    const saved = await callApi(t.app, api.adminQrSettingsSave, { token: admin.token, body: { recipe: 'brightness_tile', weight: 0.9, weight_step: 0.25, max_attempts: 5, control_mode: 'ControlNet is more important' } });
    expect(saved.body.data).toMatchObject({ recipe: 'brightness_tile', weight: 0.9, max_attempts: 5, monster_model: 'control_v1p_sd15_qrcode_monster' });
    expect((await callApi(t.app, api.adminQrSettingsSave, { token: admin.token, body: { max_attempts: 9 } })).status).toBe(400);
    const user = await makeUser(t.app);
    expect((await callApi(t.app, api.adminQrcode, { token: user.token })).status).toBe(403);
    expect((await callApi(t.app, api.qrcodeOptions, { token: user.token })).body.data.ai.max_attempts).toBe(5);
  });

  it('does not bring the default templates back once an administrator deleted them all', async () => {
    for (const template of (await callApi(t.app, api.adminQrcode, { token: admin.token })).body.data.templates) {
      await callApi(t.app, api.adminQrTemplateDelete, { token: admin.token, body: { id: template.id } });
    }
    await new QrAdminService(t.app.ctx, new QrAiSettingsStore(t.app.services.settings), t.app.services.settings, qrRenderer).seed();
    expect((await callApi(t.app, api.adminQrcode, { token: admin.token })).body.data.templates).toHaveLength(0);
  });
});
