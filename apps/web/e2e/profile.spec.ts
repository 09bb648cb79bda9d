import { expect, test } from '@playwright/test';
import { registerByEmail, uniqueEmail } from './support';

// A real 2x2 PNG (RGBA), small enough to inline.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGP4z8DwHwyBNAMDAwMDAwBd8Af5mWyhAQAAAABJRU5ErkJggg==',
  'base64',
);

test('switching to /ja shows Japanese, and the choice sticks', async ({ page }) => {
  await page.goto('/ja');
  await expect(page.locator('html')).toHaveAttribute('lang', /ja/);
  await expect(page.getByTestId('login-open')).toContainText('ログイン');
  await page.goto('/ja/introduce');
  await expect(page.getByTestId('introduce-page')).toContainText('学霸');
});

test('change nickname (script text shown as text) and avatar', async ({ page, request }) => {
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('profile'), 'prof1234');
  await page.goto('/user/info');
  await expect(page.getByTestId('user-info-page')).toBeVisible();

  // Within the 32-character limit; it must come back as text, never as markup.
  const nickname = `<img src=x onerror=window.p=1>张三`;
  await page.getByTestId('nickname-edit').click();
  await page.getByTestId('nickname-input').fill(nickname);
  await page.getByTestId('nickname-save').click();
  await expect(page.getByTestId('nickname')).toHaveText(nickname);
  expect(await page.evaluate(() => (window as unknown as { p?: number }).p)).toBeUndefined();

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const avatar = page.getByTestId('avatar-button').locator('img');
  await expect(avatar).toHaveAttribute('src', /\/files\/public\/images\//);
  const src = await avatar.getAttribute('src');
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  await page.reload();
  await expect(page.getByTestId('nickname')).toHaveText(nickname);
});
