import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, E2E_DRAW_PEERS } from '../../../playwright.config';
import { adminToken, apiCall, chooseAntdOption, latestEmailCode, signInWithPassword, uniqueEmail } from './support';

/**
 * Admin → Drawing against the A1111 protocol peer that scripts/e2e-server.mjs
 * starts (apps/server/src/test/draw-peers/): the admin adds and edits a
 * Stable Diffusion channel, saves the drawing settings and moderates a square
 * item a user drew; a visitor sees it on /app/square only while it is
 * approved, opens its pop-up, its share link and its poster.
 */

const PASSWORD = 'draw-e2e-1';
/** The A1111 peer's --api-auth (SD_PEER_AUTH of apps/server/src/test/draw-peers/a1111-peer.ts; the web side may not import server code). */
const SD_PEER_AUTH = 'peer:peer-pass';

interface Channel {
  id: number | null;
  source: 'db' | 'env';
  family: string;
  name: string;
  base_url: string;
  concurrency: number;
  offers: { model: string; size: string; price: number }[];
}
interface Settings {
  per_user_queued: number;
  sensitive_words: string[];
  square_review: boolean;
}

async function drawChannels(request: APIRequestContext, token: string) {
  const body = await apiCall<{ channels: Channel[]; settings: Settings }>(request, 'GET', '/admin/draw/channels', { token });
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

async function registerThroughApi(request: APIRequestContext, email: string): Promise<string> {
  const sent = await apiCall(request, 'POST', '/email/sendCode', { data: { email, scene: 'register' } });
  expect(sent.code, sent.msg).toBe(1);
  const code = await latestEmailCode(email);
  const registered = await apiCall<{ token: string }>(request, 'POST', '/login/register', { data: { email, code, password: PASSWORD, password_confirm: PASSWORD } });
  expect(registered.code, registered.msg).toBe(1);
  await apiCall(request, 'POST', '/user/logOrgEditNotify', { token: registered.data.token, data: { action: 'dismissed' } });
  return registered.data.token;
}

/** A user draws on Stable Diffusion and publishes the picture: the square item's id. */
async function drawAndPublish(request: APIRequestContext, token: string, prompt: string): Promise<number> {
  const submitted = await apiCall<{ id: number }>(request, 'POST', '/draw/submit', { token, data: { family: 'sd', prompt, size: '512x512', generation: 'txt2img' } });
  expect(submitted.code, submitted.msg).toBe(1);
  let imageId = 0;
  await expect
    .poll(
      async () => {
        const detail = await apiCall<{ status: string; images: { id: number }[] }>(request, 'GET', '/draw/detail', { token, params: { id: String(submitted.data.id) } });
        imageId = detail.data.images[0]?.id ?? 0;
        return detail.data.status;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('success');
  const published = await apiCall<{ id: number; status: string }>(request, 'POST', '/draw/square/publish', { token, data: { image_id: imageId } });
  expect(published.code, published.msg).toBe(1);
  expect(published.data.status).toBe('pending');
  return published.data.id;
}

test('the admin adds and edits a drawing channel, saves the settings and moderates the square', async ({ page, request, browser }) => {
  const token = await adminToken(request);
  const peer = E2E_DRAW_PEERS.sd;
  const name = `E2E SD ${Date.now()}`;

  await page.goto('/en');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/en/admin/draw');
  await expect(page.getByTestId('draw-admin')).toBeVisible();
  await expect(page.getByTestId('admin-tab-draw')).toBeVisible();

  // Add: a Stable Diffusion channel on the peer, offers left to the family's defaults.
  await page.getByTestId('draw-channel-add').click();
  await chooseAntdOption(page, 'draw-channel-family', 'Stable Diffusion');
  await page.getByTestId('draw-channel-name').fill(name);
  // A bad address is refused by field before anything is sent.
  await page.getByTestId('draw-channel-base-url').fill('not a url');
  await page.getByTestId('draw-channel-save').click();
  await expect(page.getByTestId('draw-channel-form')).toContainText('Enter a valid http(s) address');
  await page.getByTestId('draw-channel-base-url').fill(peer);
  await page.getByTestId('draw-channel-key').fill(SD_PEER_AUTH);
  await page.getByTestId('draw-channel-save').click();
  await expect(page.getByTestId('draw-channel-form')).toBeHidden();
  const row = page.locator('[data-testid^="draw-channel-db-"]').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Defaults');

  // Test: the channel answers its checkpoints.
  await row.getByRole('button', { name: 'Test' }).click();
  const result = page.getByTestId('draw-test-result').last();
  await expect(result).toContainText('Reached');
  const models = (await result.locator('.ant-tag').allInnerTexts()).filter(Boolean);
  expect(models.length).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/shots/admin-draw-channels.png', fullPage: true });

  // Edit: fill the family's defaults from the tested models, price the first row at 2, more slots.
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByTestId('offer-fill-defaults').click();
  await expect(page.getByTestId('offer-row-0')).toBeVisible();
  await page.getByTestId('offer-price-0').fill('2');
  await page.getByTestId('draw-channel-concurrency').fill('3');
  await page.screenshot({ path: '/tmp/shots/admin-draw-channel-form.png' });
  await page.getByTestId('draw-channel-save').click();
  await expect(page.getByTestId('draw-channel-form')).toBeHidden();
  await expect.poll(async () => (await drawChannels(request, token)).channels.find((c) => c.name === name)?.concurrency).toBe(3);
  const stored = (await drawChannels(request, token)).channels.find((c) => c.name === name);
  expect(stored?.family).toBe('sd');
  expect(stored?.base_url.replace(/\/$/, '')).toBe(peer.replace(/\/$/, ''));
  expect(stored?.offers[0]).toMatchObject({ model: models[0], price: 2 });
  expect(stored?.offers.every((o) => models.includes(o.model))).toBe(true);
  expect(stored?.offers.length).toBeGreaterThan(1);

  // Settings: limits, the sensitive words (one a line, repeats dropped), review on.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByTestId('draw-per-user-queued').fill('7');
  await page.getByTestId('draw-sensitive-words').fill('forbiddenword\n  Forbiddenword \nbadthing\n');
  await expect(page.getByTestId('draw-words-summary')).toContainText('2 now');
  await page.getByTestId('draw-settings-save').click();
  await expect.poll(async () => (await drawChannels(request, token)).settings.sensitive_words).toEqual(['forbiddenword', 'badthing']);
  const settings = (await drawChannels(request, token)).settings;
  expect(settings.per_user_queued).toBe(7);
  expect(settings.square_review).toBe(true);
  await page.screenshot({ path: '/tmp/shots/admin-draw-settings.png', fullPage: true });

  // A user draws and publishes: the item waits for review and no visitor sees it.
  const userToken = await registerThroughApi(request, uniqueEmail('square'));
  const prompt = `a lighthouse at dusk ${Date.now()}`;
  const itemId = await drawAndPublish(request, userToken, prompt);
  const visitorContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/en/app/square');
  await expect(visitor.getByTestId('square-page')).toBeVisible();
  await expect(visitor.getByTestId(`square-tile-${itemId}`)).toHaveCount(0);

  // The author finds it under "My posts", waiting for review.
  const baseURL = test.info().project.use.baseURL ?? '';
  const authorContext = await browser.newContext();
  await authorContext.addCookies([{ name: 'token', value: userToken, url: baseURL }]);
  const author = await authorContext.newPage();
  await author.goto('/en/app/square');
  await author.getByTestId('square-tab-mine').click();
  await expect(author.getByTestId(`square-tile-${itemId}`)).toContainText('In review');
  await authorContext.close();

  // Moderation: pending first; approve.
  await page.getByRole('tab', { name: 'Square moderation' }).click();
  const modRow = page.getByTestId(`draw-mod-row-${itemId}`);
  await expect(modRow).toBeVisible();
  await expect(page.getByTestId(`draw-mod-status-${itemId}`)).toHaveText('In review');
  await page.screenshot({ path: '/tmp/shots/admin-draw-moderation.png', fullPage: true });
  await page.getByTestId(`draw-mod-approve-${itemId}`).click();
  await expect(page.getByTestId(`draw-mod-status-${itemId}`)).toHaveText('Published');

  // The visitor sees it, opens the pop-up, copies the share link and opens the poster.
  await visitor.reload();
  await visitor.getByTestId(`square-tile-${itemId}`).click();
  const popup = visitor.getByTestId('square-item');
  await expect(popup).toBeVisible();
  await expect(visitor.getByTestId('square-item-prompt')).toHaveText(prompt);
  await expect(visitor.getByTestId('square-item-model')).toContainText('Stable Diffusion');
  await expect(visitor).toHaveURL(new RegExp(`[?&]id=${itemId}\\b`));
  await visitor.getByTestId('square-copy-link').click();
  await expect.poll(() => visitor.evaluate(() => navigator.clipboard.readText())).toContain(`/app/square?id=${itemId}`);
  await visitor.screenshot({ path: '/tmp/shots/square-item-en.png' });
  await visitor.getByTestId('square-open-poster').click();
  const poster = visitor.getByTestId('square-poster-img');
  await expect(poster).toBeVisible({ timeout: 30_000 });
  expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(visitor.getByTestId('square-poster-download')).toHaveAttribute('href', new RegExp(`/draw/square/poster\\?id=${itemId}$`));
  await visitor.screenshot({ path: '/tmp/shots/square-poster-en.png' });
  await visitor.getByTestId('square-poster-close').click();
  await visitor.getByTestId('square-item-close').click();
  await expect(popup).toBeHidden();
  await expect(visitor).not.toHaveURL(/[?&]id=/);

  // The share link opens the pop-up straight away.
  await visitor.goto(`/en/app/square?id=${itemId}`);
  await expect(visitor.getByTestId('square-item-prompt')).toHaveText(prompt);

  // A signed-in user reports it with a reason; the admin sees the report.
  const reporterContext = await browser.newContext();
  await reporterContext.addCookies([{ name: 'token', value: await registerThroughApi(request, uniqueEmail('reporter')), url: baseURL }]);
  const reporter = await reporterContext.newPage();
  await reporter.goto(`/en/app/square?id=${itemId}`);
  await reporter.getByTestId('square-report').click();
  await reporter.getByTestId('square-report-reason').fill('looks copied from a stock photo');
  await reporter.getByTestId('square-report-send').click();
  await expect(reporter.getByTestId('square-report-form')).toBeHidden();
  await reporterContext.close();
  await page.getByTestId('draw-mod-reported').check();
  await expect(page.getByTestId(`draw-mod-row-${itemId}`)).toContainText('looks copied from a stock photo');
  await expect(page.getByTestId(`draw-mod-row-${itemId}`)).toContainText('Reports: 1');

  // Hide: gone from the square and from its share link.
  await page.getByTestId(`draw-mod-hide-${itemId}`).click();
  await expect(page.getByTestId(`draw-mod-status-${itemId}`)).toHaveText('Hidden');
  await visitor.goto('/en/app/square');
  await expect(visitor.getByTestId('square-page')).toBeVisible();
  await expect(visitor.getByTestId(`square-tile-${itemId}`)).toHaveCount(0);
  await visitor.goto(`/en/app/square?id=${itemId}`);
  await expect(visitor.getByTestId('square-item-missing')).toBeVisible();
  await visitorContext.close();
});
