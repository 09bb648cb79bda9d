import type { QrOptions, QrRecord } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { contentOf, initialForm, offered, toAiBody, toStyledBody, withContent, withPromptTemplate, withRecord, withStyleTemplate } from './qr-form';
import { errorFor, formErrorOf } from './form-error';
import { RequestError } from '@/lib/request';

const options: QrOptions = {
  styles: [{ key: 'square', name: 'Square' }],
  eyes: [{ key: 'square', name: 'Square' }],
  templates: { style: [], prompt: [] },
  free: { limit: 20, used: 3, unlimited: false },
  ai: { enabled: true, models: ['sd15', 'dreamshaper'], sizes: [{ size: '512x512', price: 2 }, { size: '768x768', price: 4 }], max_attempts: 3 },
  balance: 10,
};

describe('the QR form', () => {
  it('sends the fields of the chosen type only, trimmed, with empty optional fields left out', () => {
    const form = initialForm(options);
    form.type = 'vcard';
    form.fields.vcard = { ...form.fields.vcard, name: '  Ada Lovelace ', email: '', phone: '+44 20 7946 0000' };
    form.fields.url = { url: 'https://ignored.example' };
    expect(contentOf(form)).toEqual({ type: 'vcard', data: { name: 'Ada Lovelace', phone: '+44 20 7946 0000' } });
  });

  it('sends an empty required field so the server names it, and keeps a password and free text as typed', () => {
    const form = initialForm(options);
    form.type = 'wifi';
    form.fields.wifi = { ssid: '', encryption: 'WPA', password: ' pass word ', hidden: true };
    expect(contentOf(form)).toEqual({ type: 'wifi', data: { ssid: '', encryption: 'WPA', password: ' pass word ', hidden: true } });
    form.type = 'text';
    form.fields.text = { text: '  two\nlines ' };
    expect(contentOf(form).data).toEqual({ text: '  two\nlines ' });
  });

  it('leaves the second gradient colour and the logo size out when they do not apply', () => {
    const form = { ...initialForm(options), fields: { ...initialForm(options).fields, url: { url: 'https://a.example' } } };
    const plain = toStyledBody(form);
    expect(plain.fg2).toBeUndefined();
    expect(plain.logo_scale).toBeUndefined();
    expect(plain.version).toBeUndefined();
    const styled = toStyledBody({ ...form, gradient: 'radial', logo: { uri: 'u/1.png', url: '/files/u/1.png' }, version: 7 });
    expect(styled).toMatchObject({ fg2: form.fg2, gradient: 'radial', logo: 'u/1.png', logo_scale: form.logo_scale, version: 7 });
  });

  it('asks AI codes for level H, and sends the reference only for image to image', () => {
    const form = { ...initialForm(options), prompt: 'a lake', reference: { uri: 'u/r.png', url: '/files/u/r.png' } };
    expect(toAiBody(form)).toMatchObject({ ec_level: 'H', prompt: 'a lake', size: '512x512', model: 'sd15', generation: 'txt2img', reference_image: undefined });
    expect(toAiBody({ ...form, generation: 'img2img' })).toMatchObject({ reference_image: 'u/r.png', denoising_strength: 0.75 });
  });

  it('falls back to the first model and size on offer when the chosen ones are gone', () => {
    const form = { ...initialForm(options), model: 'gone', ai_size: '1024x1024' };
    expect(offered(options, form)).toMatchObject({ model: 'sd15', ai_size: '512x512' });
    const same = initialForm(options);
    expect(offered(options, same)).toBe(same);
  });

  it('takes a decoded content into its type and keeps what other types held', () => {
    const form = initialForm(options);
    form.fields.url = { url: 'https://kept.example' };
    const next = withContent(form, { type: 'wifi', data: { ssid: 'Lab', encryption: 'WEP', password: '12345', hidden: false } });
    expect(next.type).toBe('wifi');
    expect(next.fields.wifi).toEqual({ ssid: 'Lab', encryption: 'WEP', password: '12345', hidden: false });
    expect(next.fields.url).toEqual({ url: 'https://kept.example' });
  });

  it('applies a style template and a prompt template, ignoring values it does not know', () => {
    const form = initialForm(options);
    const styled = withStyleTemplate(form, 4, { style: 'dots', eye: 'leaf', fg: '#0e7490', bg: '#f0fdfa', gradient: 'sideways', ec_level: 'Q', margin: 3 });
    expect(styled).toMatchObject({ style_template: 4, style: 'dots', eye: 'leaf', fg: '#0e7490', bg: '#f0fdfa', gradient: 'none', ec_level: 'Q', margin: 3 });
    const prompted = withPromptTemplate(form, 9, { prompt: 'ink wash', negative_prompt: 'text', controlnet: { recipe: 'brightness_tile', weight: 1.3 } });
    expect(prompted).toMatchObject({ prompt_template: 9, prompt: 'ink wash', negative_prompt: 'text', recipe: 'brightness_tile', weight: 1.3 });
  });

  it('refills the form from a styled record', () => {
    const record = {
      id: 5,
      mode: 'styled',
      type: 'phone',
      data: { phone: '+86 138 0000 0000' },
      content: 'tel:+8613800000000',
      look: { style: 'h_lines', eye: 'rounded', fg: '#111111', gradient: 'none', bg: '#fafafa', margin: 4 },
      ec_level: 'Q',
      version: 3,
      size: 768,
      status: 'success',
      png_url: '/f/5.png',
      svg_url: '/f/5.svg',
      thumb_url: null,
      verified: { zxing: true, jsqr: true, sizes: [768, 256, 128] },
      draw: null,
      created_at: '2026-01-01T00:00:00Z',
    } satisfies QrRecord;
    expect(withRecord(initialForm(options), record)).toMatchObject({ mode: 'styled', type: 'phone', style: 'h_lines', eye: 'rounded', margin: 4, ec_level: 'Q', version: 3, size: 768 });
  });

  it("puts a refusal under the field the server names, or under the form", () => {
    const fieldError = formErrorOf(new RequestError('Enter the Wi-Fi network name', { key: 'qrcode_wifi_ssid_required', data: { field: 'data.ssid' } }), 'x');
    expect(errorFor(fieldError, 'data.ssid')).toBe('Enter the Wi-Fi network name');
    expect(errorFor(fieldError, 'data.password')).toBeUndefined();
    expect(formErrorOf(new RequestError('too alike', { key: 'qrcode_low_contrast' }), 'x')).toEqual({ field: null, message: 'too alike' });
    expect(formErrorOf(new RequestError('logo', { key: 'qrcode_logo_too_large' }), 'x').field).toBe('logo');
    expect(formErrorOf(new Error('boom'), 'fallback')).toEqual({ field: null, message: 'fallback' });
  });
});
