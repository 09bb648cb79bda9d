import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../../playwright.config';
import { registerByEmail, settled, signInWithPassword, uniqueEmail } from './support';

/**
 * Feedback and customer service through the pages against the real server:
 * a report with a screenshot (its hostile HTML shown as text) answered in
 * Admin → Feedback and read back by the user; and a support conversation with
 * the user and an operator in two browser contexts, each side's messages
 * arriving on the other without a reload. Screens go to SHOTS.
 */

const SHOTS = process.env.SUPPORT_SHOTS_DIR ?? 'test-results/screens';
const PHONE = { width: 390, height: 844 };
const HOSTILE = '<img src=x onerror="window.__xss=1">The export button does nothing<script>window.__xss=2</script>';

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function signedInAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/en/');
  await expect(page.getByTestId('login-open')).toBeVisible({ timeout: 60_000 });
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

test.describe('feedback and customer service', () => {
  // Two browser contexts, the admin console's chunks and a real server: slow on a shared machine.
  test.setTimeout(300_000);

  test('feedback: a report with a screenshot, answered by an operator, read back in the thread', async ({ page, request, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/');
    await registerByEmail(page, request, uniqueEmail('feedback'), 'secret123');
    await page.goto('/en/user/opinion?from=%2Fapp%2Fqrcode');
    await expect(page.getByTestId('feedback-page')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('feedback-from')).toHaveText('/app/qrcode');

    // Too long: refused under the field with the limit.
    await page.getByTestId('feedback-cat-bug').check({ force: true });
    await page.getByTestId('feedback-content').fill('x'.repeat(2001));
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-content-error')).toHaveText('Feedback can be at most 2,000 characters');

    await page.getByTestId('feedback-content').fill(HOSTILE);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#4a8' } }).png().toBuffer();
    await page.getByTestId('feedback-shots').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.fb-form .fb-shot img')).toHaveCount(1);
    await page.getByTestId('feedback-submit').click();
    const item = page.locator('[data-testid^="feedback-item-"]').first();
    await expect(item.getByTestId('feedback-status')).toHaveText('Awaiting reply');
    // The markup is shown as text: no element was made from it and nothing ran.
    await expect(item).toContainText('<img src=x onerror=');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('.fb-list img[src="x"]')).toHaveCount(0);
    await shoot(page, 'feedback-desktop');

    const admin = await signedInAdmin(browser);
    await admin.goto('/en/admin/feedback');
    // The console and its panel are chunks of their own; on a busy machine they take a while.
    await expect(admin.getByTestId('admin-feedback')).toBeVisible({ timeout: 60_000 });
    const row = admin.locator('[data-testid^="admin-feedback-row-"]', { hasText: 'The export button does nothing' }).first();
    await row.click();
    await expect(admin.getByTestId('admin-feedback-content')).toHaveText(HOSTILE);
    await admin.getByTestId('admin-feedback-reply-input').fill('Thanks, fixed in the next release.');
    await admin.getByTestId('admin-feedback-reply').click();
    await expect(admin.locator('.fbadmin-thread')).toContainText('Thanks, fixed in the next release.');
    await shoot(admin, 'admin-feedback-desktop');
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await admin.context().close();

    await page.reload();
    const answered = page.locator('[data-testid^="feedback-item-"]').first();
    await expect(answered.getByTestId('feedback-status')).toHaveText('Replied');
    await expect(answered.getByTestId('feedback-new-reply')).toBeVisible();
    await answered.locator('button.fb-item__head').click();
    await expect(page.getByTestId('feedback-reply-operator')).toContainText('Thanks, fixed in the next release.');
    await page.getByTestId('feedback-reply-input').fill('Thank you!');
    await page.getByTestId('feedback-reply-send').click();
    await expect(page.getByTestId('feedback-reply-user')).toContainText('Thank you!');
    await expect(answered.getByTestId('feedback-new-reply')).toHaveCount(0);
    await shoot(page, 'feedback-thread-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'feedback-phone');
  });

  test('customer service: both sides open, messages arrive without a reload, and a closed conversation starts over', async ({ page, request, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/');
    const email = uniqueEmail('support');
    await registerByEmail(page, request, email, 'secret123');

    const admin = await signedInAdmin(browser);
    await admin.goto('/en/admin/support');
    await expect(admin.getByTestId('admin-support')).toBeVisible({ timeout: 60_000 });

    await page.getByTestId('support-launcher').click();
    await expect(page.getByTestId('support-panel')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('support-input').fill('Hello, my invoice is missing');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-msg-user')).toContainText('Hello, my invoice is missing');

    // The operator's inbox shows it without a reload, with its unread count.
    const conversation = admin.locator('[data-testid^="admin-support-conv-"]', { hasText: 'Hello, my invoice is missing' }).first();
    await expect(conversation).toBeVisible();
    await expect(conversation.locator('.ant-badge-count')).toHaveText('1');
    await conversation.click();
    await expect(admin.getByTestId('admin-support-msg-user')).toContainText('Hello, my invoice is missing');
    await admin.getByTestId('admin-support-input').fill('Let me look it up for you.');
    await admin.getByTestId('admin-support-send').click();

    // The user's panel shows the answer without a reload.
    await expect(page.getByTestId('support-msg-operator')).toContainText('Let me look it up for you.');
    await page.getByTestId('support-input').fill('Thanks!');
    await page.getByTestId('support-input').press('Enter');
    await expect(admin.getByTestId('admin-support-messages')).toContainText('Thanks!');
    await shoot(page, 'support-panel-desktop');
    await shoot(admin, 'admin-support-desktop');

    // The operator ends it: the user sees it ended and starts a new one.
    await admin.getByTestId('admin-support-close').click();
    await expect(page.getByTestId('support-closed')).toBeVisible();
    await page.getByTestId('support-restart').click();
    await page.getByTestId('support-input').fill('One more question');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-msg-user').filter({ hasText: 'One more question' })).toBeVisible();
    // The new conversation shows only its own message, not the closed one's.
    await expect(page.getByTestId('support-msg-user')).toHaveCount(1);
    await page.setViewportSize(PHONE);
    await shoot(page, 'support-panel-phone');
    await admin.context().close();
  });
});
