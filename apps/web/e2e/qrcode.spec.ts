import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { E2E_ADMIN, E2E_DRAW_PEERS } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, settled, sharedData, signInWithPassword, uniqueEmail } from './support';

/**
 * QR codes through the page against the real server: a styled Wi-Fi code with
 * a logo, downloaded and decoded here; the refusals; reading a real photo of a
 * code into the form; history; AI art codes on the A1111 peer (retried until
 * one scans, and failed with the refund); and a style template made in Admin →
 * QR codes showing on the page. Screens go to SHOTS (desktop and a 390 px phone).
 */

const SHOTS = process.env.QR_SHOTS_DIR ?? 'test-results/screens';
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string): Promise<void> {
  // The viewport is stretched to the page's height for the shot, so the fixed shell and the sticky
  // footer of the form sit where they belong instead of being drawn mid-page.
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 6000) });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(size);
}

/** Shoots the page at desktop width and at a phone's, then goes back to the desktop. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  // The shell swaps its sidebar for a drawer on narrow screens; let that transition end before the shot.
  await settled(page);
  await shoot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** What jsQR (in this process, not the server's) reads in a PNG or JPEG file. */
async function decodeFile(file: string): Promise<string | null> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

async function picture(color: string, size = 96): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function grantDrawings(page: Page, request: APIRequestContext, counts: number): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  expect(token, 'signed in').not.toBe('');
  const me = await apiCall<{ id: number }>(request, 'GET', '/user/info', { token });
  const admin = await adminToken(request);
  const adjusted = await apiCall(request, 'POST', '/admin/user/adjustBalance', {
    token: admin,
    data: { user_id: me.data.id, asset: 'drawing_count', delta: counts, reason: 'e2e qrcode', idempotency_key: `e2e-qr-${me.data.id}-${Date.now()}` },
  });
  expect(adjusted.code, adjusted.msg).toBe(1);
}

async function scriptSdPeer(request: APIRequestContext, behaviours: string[]): Promise<void> {
  const response = await request.post(`${E2E_DRAW_PEERS.sd}/_peer/script`, { data: { behaviours } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

test('a styled Wi-Fi code with a logo scans after download; refusals, reading a photo and history', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto('/en/app');
  await expect(page.getByTestId('app-card-qrcode')).toHaveAttribute('href', '/en/app/qrcode');
  await page.getByTestId('app-card-qrcode').click();
  await expect(page).toHaveURL(/\/en\/app\/qrcode$/);
  await expect(page.getByTestId('qr-control')).toBeVisible();
  await expect(page.getByTestId('qr-free')).toContainText('free codes left today');
  await shootBoth(page, 'qrcode-create');

  // Visitors see a sign-in prompt in history.
  await page.getByTestId('qr-tab-history').click();
  await expect(page.getByTestId('qr-history-sign-in')).toBeVisible();
  await page.getByTestId('qr-tab-create').click();

  await registerByEmail(page, request, uniqueEmail('qr'), 'qrcode123');

  // Wi-Fi without a name: the server's refusal under the field.
  await page.getByTestId('qr-type-wifi').click();
  await page.getByTestId('qr-field-password').fill('correct-horse');
  await page.getByTestId('qr-submit').click();
  await expect(page.getByTestId('qr-error-ssid')).toContainText('Wi-Fi network name');
  await page.getByTestId('qr-field-ssid').fill('Lab 5G');

  // A style, colours, level H and a logo.
  await page.getByTestId('qr-style-rounded').click();
  await page.getByTestId('qr-eye-circle').click();
  await page.getByTestId('qr-fg').fill('#1e3a8a');
  await page.getByTestId('qr-ec-H').click();
  await page.getByTestId('qr-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture('#dc2626') });
  await expect(page.getByTestId('qr-logo-preview')).toBeVisible();
  await page.getByTestId('qr-submit').click();
  await expect(page.getByTestId('qr-display')).toBeVisible();
  await expect(page.getByTestId('qr-verified')).toContainText('two decoders');
  await expect(page.getByTestId('qr-verified')).toHaveAttribute('data-sizes', /256.*128/);
  const content = (await page.getByTestId('qr-content-text').textContent()) ?? '';
  expect(content).toMatch(/^WIFI:/);
  expect(content).toContain('S:Lab 5G');
  await shootBoth(page, 'qrcode-styled-result');

  // The downloaded PNG reads back the same content here, by a decoder in this process.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('qr-download-png').click();
  const download = await downloading;
  const file = test.info().outputPath('downloaded.png');
  await download.saveAs(file);
  expect(await decodeFile(file)).toBe(content);

  // The mismatch view lays the module grid over the picture.
  await page.getByTestId('qr-mismatch-toggle').click();
  await expect(page.getByTestId('qr-mismatch-grid')).toBeVisible();
  await expect(page.getByTestId('qr-mismatch-ratio')).toContainText('modules read the wrong colour');
  await shoot(page, 'qrcode-mismatch-desktop');

  // Low contrast is refused before anything is made, with the reason under the form.
  await page.getByTestId('qr-fg').fill('#d4d4d4');
  await page.getByTestId('qr-submit').click();
  await expect(page.getByTestId('qr-refusal')).toContainText('contrast');
  await shootBoth(page, 'qrcode-refusal');
  await page.getByTestId('qr-fg').fill('#000000');

  // A real photo of a code fills the form; a picture without one says so.
  await page.getByTestId('qr-decode-input').setInputFiles(sharedData('qr', 'jsqr-end-to-end', 'chevy-ad', 'input.png'));
  await expect(page.getByTestId('qr-decode-done')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('qr-type-url')).toHaveClass(/is-active/);
  await expect(page.getByTestId('qr-field-url')).toHaveValue('http://bit.ly/czairbags');
  await page.getByTestId('qr-decode-input').setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: await picture('#7c9a5e', 320) });
  await expect(page.getByTestId('qr-decode-error')).toContainText('No QR code', { timeout: 30_000 });

  // History holds the Wi-Fi code; open it, then delete it.
  await page.getByTestId('qr-tab-history').click();
  const item = page.getByTestId('qr-history-item').filter({ hasText: 'Lab 5G' });
  await expect(item).toHaveCount(1);
  await shootBoth(page, 'qrcode-history');
  await item.getByTestId('qr-history-open').click();
  await expect(page.getByTestId('qr-display')).toBeVisible();
  await expect(page.getByTestId('qr-type-wifi')).toHaveClass(/is-active/);
  await expect(page.getByTestId('qr-field-ssid')).toHaveValue('Lab 5G');
  await page.getByTestId('qr-tab-history').click();
  await item.getByTestId('qr-history-delete').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal .ant-btn-primary').last().click();
  await expect(item).toHaveCount(0);
});

test('AI art codes: drawn again until one scans, and the fail view with the refund', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto('/en/app/qrcode');
  await registerByEmail(page, request, uniqueEmail('qrai'), 'qrcode123');
  await grantDrawings(page, request, 20);
  await page.reload();
  await page.getByTestId('qr-mode-ai').click();
  await expect(page.getByTestId('qr-ai-control')).toBeVisible();
  await page.getByTestId('qr-field-url').fill('https://example.com/ai-art');
  await page.getByTestId('qr-prompt').fill('a lake below snowy mountains at dawn');
  await expect(page.getByTestId('qr-cost')).toContainText('Cost');
  await shootBoth(page, 'qrcode-ai-form');

  // The first picture does not scan: the second attempt, with a stronger control, does.
  await scriptSdPeer(request, ['unscannable']);
  await page.getByTestId('qr-submit').click();
  await expect(page.getByTestId('qr-in-progress')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('qr-progress')).toBeVisible();
  await shootBoth(page, 'qrcode-ai-in-progress');
  await expect(page.getByTestId('qr-success')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('qr-success')).toHaveAttribute('data-attempt', '2');
  await expect(page.getByTestId('qr-verified')).toBeVisible();
  await shootBoth(page, 'qrcode-ai-success');

  // No picture scans: the fail view says why and that the count came back.
  const settings = await apiCall<{ settings: { max_attempts: number } }>(request, 'GET', '/admin/qrcode', { token: await adminToken(request) });
  await scriptSdPeer(request, Array.from({ length: settings.data.settings.max_attempts }, () => 'unscannable'));
  await page.getByTestId('qr-submit').click();
  await expect(page.getByTestId('qr-fail')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('qr-fail-text')).toContainText('drawing count was returned');
  await expect(page.getByTestId('qr-refund')).toContainText('returned');
  await shootBoth(page, 'qrcode-ai-fail');
});

test('the admin makes a style template and it shows on the page', async ({ page }) => {
  const name = `Ocean ${Date.now() % 100000}`;
  await page.goto('/en');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/en/admin/qrcode');
  await expect(page.getByTestId('qr-admin')).toBeVisible();
  await page.getByTestId('qr-template-add-style').click();
  await page.getByTestId('qr-template-name-zh').fill(`海洋 ${name}`);
  await page.getByTestId('qr-template-name-en').fill(name);
  await page.getByTestId('qr-template-fg').fill('#0e7490');
  await page.getByTestId('qr-template-bg').fill('#f0fdfa');
  await shoot(page, 'qrcode-admin-template-modal-desktop');
  await page.getByTestId('qr-template-save').click();
  await expect(page.getByTestId('qr-template-form')).toBeHidden();
  await expect(page.getByTestId('qr-admin-style')).toContainText(name);
  await shootBoth(page, 'qrcode-admin');
  await page.getByRole('tab', { name: 'Prompt templates' }).click();
  await expect(page.getByTestId('qr-admin-prompt')).toBeVisible();
  await shoot(page, 'qrcode-admin-prompt-desktop');
  await page.getByRole('tab', { name: 'AI settings' }).click();
  await expect(page.getByTestId('qr-settings-form')).toBeVisible();
  await page.getByTestId('qr-settings-save').click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await shootBoth(page, 'qrcode-admin-settings');

  await page.goto('/en/app/qrcode');
  const picker = page.getByTestId('qr-style-template');
  await expect(picker).toContainText(name);
  await picker.getByRole('button').filter({ hasText: name }).click();
  await expect(page.getByTestId('qr-fg')).toHaveValue('#0e7490');
  await expect(page.getByTestId('qr-bg')).toHaveValue('#f0fdfa');
});
