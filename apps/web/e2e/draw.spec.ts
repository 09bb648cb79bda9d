import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DRAW_PEERS_PORT } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, signInWithPassword, uniqueEmail } from './support';

/**
 * AI drawing through the page, against the three protocol peers that
 * scripts/e2e-server.mjs starts (OpenAI Images, A1111 WebUI, 意间AI on
 * E2E_DRAW_PEERS_PORT, +1, +2; pictures take 1.5 s in four progress steps).
 */

const PEER = { openai: E2E_DRAW_PEERS_PORT, sd: E2E_DRAW_PEERS_PORT + 1, yj: E2E_DRAW_PEERS_PORT + 2 } as const;
const FAMILIES = ['openai', 'sd', 'yj'] as const;

/** Scripts the next answers of one peer (`/_peer/script`, the providers' HTTP control). */
async function scriptPeer(request: APIRequestContext, family: keyof typeof PEER, behaviours: string[]): Promise<void> {
  const response = await request.post(`http://127.0.0.1:${PEER[family]}/_peer/script`, { data: { behaviours } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Gives the signed-in page's user `counts` more drawing counts through the admin API. */
async function grantDrawings(page: Page, request: APIRequestContext, counts: number): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  expect(token, 'signed in').not.toBe('');
  const me = await apiCall<{ id: number }>(request, 'GET', '/user/info', { token });
  const admin = await adminToken(request);
  const adjusted = await apiCall(request, 'POST', '/admin/user/adjustBalance', {
    token: admin,
    data: { user_id: me.data.id, asset: 'drawing_count', delta: counts, reason: 'e2e drawing', idempotency_key: `e2e-draw-${me.data.id}-${Date.now()}` },
  });
  expect(adjusted.code, adjusted.msg).toBe(1);
}

async function balance(page: Page): Promise<number> {
  const text = (await page.getByTestId('draw-balance').textContent()) ?? '';
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? NaN);
}

async function draw(page: Page, family: (typeof FAMILIES)[number], prompt: string): Promise<void> {
  await page.getByTestId(`draw-family-${family}`).click();
  await expect(page.getByTestId(`draw-family-${family}`)).toHaveClass(/is-active/);
  await page.getByTestId('draw-prompt').fill(prompt);
  await page.getByTestId('draw-submit').click();
}

test('a visitor is asked to sign in; a user draws on each family, keeps and publishes a picture, which shows on the square with its poster', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  // The app area lists drawing with its price.
  await page.goto('/en/app');
  await expect(page.getByTestId('app-card-cost-drawing')).toContainText(/per picture|a picture/);
  await expect(page.getByTestId('app-card-square')).toHaveAttribute('href', '/en/app/square');
  await expect(page.getByTestId('app-card-qrcode')).toHaveAttribute('href', '/en/app/qrcode');
  await page.getByTestId('app-card-drawing').click();
  await expect(page).toHaveURL(/\/en\/app\/drawing$/);

  // Visitors may look; drawing asks them to sign in.
  await expect(page.getByTestId('drawing-control')).toBeVisible();
  await page.getByTestId('draw-prompt').fill('a lighthouse at dusk');
  await page.getByTestId('draw-submit').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-modal')).toBeHidden();

  await registerByEmail(page, request, uniqueEmail('draw'), 'draw12345');
  await grantDrawings(page, request, 20);
  await page.reload();
  await expect(page.getByTestId('draw-balance')).toBeVisible();

  for (const family of FAMILIES) {
    const before = await balance(page);
    const cost = Number(/(\d+)/.exec((await page.getByTestId('draw-cost').textContent()) ?? '')?.[1] ?? 1);
    await draw(page, family, `a quiet harbour painted for the ${family} family`);
    // In progress: the queue or the progress bar, then the pictures.
    await expect(page.getByTestId('draw-in-progress')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('draw-progress')).toBeVisible();
    await expect(page.getByTestId('draw-success')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('draw-image').first()).toBeVisible();
    await expect(page).toHaveURL(/\?id=\d+/);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBeLessThanOrEqual(before - cost);
  }
  await page.screenshot({ path: 'test-results/screens/draw-success-en.png', fullPage: true });

  // Keep the picture, open it large, publish it.
  const tile = page.getByTestId('draw-image').first();
  await tile.getByTestId('draw-select').click();
  await expect(tile).toHaveAttribute('data-selected', 'true');
  await tile.getByTestId('draw-open').click();
  await expect(page.getByTestId('draw-picture')).toBeVisible();
  await page.getByTestId('draw-picture-close').click();
  await expect(page.getByTestId('draw-picture')).toBeHidden();
  await tile.getByTestId('draw-publish').click();
  const link = tile.getByTestId('draw-square-link');
  await expect(link).toBeVisible();
  const itemId = Number(/id=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  expect(itemId).toBeGreaterThan(0);

  // The administrator approves it on Admin → Drawing.
  const adminPage = await browser.newPage();
  await adminPage.goto('/en');
  await signInWithPassword(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.goto('/en/admin/draw');
  await adminPage.getByRole('tab', { name: 'Square moderation' }).click();
  await expect(adminPage.getByTestId(`draw-mod-status-${itemId}`)).toHaveText('In review');
  await adminPage.getByTestId(`draw-mod-approve-${itemId}`).click();
  await expect(adminPage.getByTestId(`draw-mod-status-${itemId}`)).toHaveText('Published');
  await adminPage.close();

  // On the square: the pop-up, the poster, and "draw the same" back to the form.
  await page.goto('/en/app/square');
  await page.getByTestId(`square-tile-${itemId}`).click();
  await expect(page.getByTestId('square-item-img')).toBeVisible();
  await page.getByTestId('square-open-poster').click();
  const poster = page.getByTestId('square-poster-img');
  await expect(poster).toBeVisible({ timeout: 30_000 });
  expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.goto(`/en/app/drawing?same=${itemId}`);
  await expect(page.getByTestId('draw-prompt')).toHaveValue('a quiet harbour painted for the yj family');
  await expect(page.getByTestId('draw-family-yj')).toHaveClass(/is-active/);
  await expect(page).toHaveURL(/\/en\/app\/drawing$/);

  // The records: the kept filter finds the kept picture's record.
  await page.getByTestId('drawing-tab-records').click();
  await expect(page).toHaveURL(/\/en\/app\/drawing\/record$/);
  await expect(page.getByTestId('draw-record')).toHaveCount(3);
  await page.getByTestId('draw-filter-selected').selectOption('1');
  await expect(page.getByTestId('draw-record')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/draw-records-en.png', fullPage: true });
});

test('a drawing the provider refuses shows why and gives the drawing count back; the record can be deleted', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/app/drawing');
  await registerByEmail(page, request, uniqueEmail('drawfail'), 'draw12345');
  await grantDrawings(page, request, 5);
  await page.reload();
  await expect(page.getByTestId('draw-balance')).toBeVisible();
  const before = await balance(page);

  await scriptPeer(request, 'sd', ['refuse']);
  await draw(page, 'sd', '一座雨中的石桥');
  await expect(page.getByTestId('draw-fail')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('draw-fail-text')).not.toBeEmpty();
  await expect(page.getByTestId('draw-refund')).toContainText('已退回');
  await expect.poll(() => balance(page), { timeout: 10_000 }).toBe(before);
  await page.screenshot({ path: 'test-results/screens/draw-fail-zh.png', fullPage: true });

  // The older page serves the same records; delete asks first.
  await page.goto('/drawing/record?status=failed');
  const record = page.getByTestId('draw-record');
  await expect(record).toHaveCount(1);
  await expect(record).toHaveAttribute('data-status', 'failed');
  await record.getByTestId('draw-record-delete').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal .ant-btn-primary').last().click();
  await expect(page.getByTestId('draw-records-empty')).toBeVisible();
});
