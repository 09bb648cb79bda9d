import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { signInWithPassword } from './support';

// What a newcomer meets in the first minutes: the language they chose is kept,
// the home page links to what exists, and unknown pages say so in their language.

// Unprefixed links (which mean Chinese) lead to the same page in the chosen
// language, until Chinese is chosen.
test('a chosen language survives unprefixed links, and choosing Chinese switches back', async ({ page }) => {
  await page.goto('/lang?redirect=/chat');
  await page.getByTestId('lang-en').click();
  await expect(page).toHaveURL(/\/en\/chat$/);

  await page.goto('/academic_search');
  await expect(page).toHaveURL(/\/en\/academic_search$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

  await page.goto('/en/lang?redirect=/chat');
  await page.getByTestId('lang-zh').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/chat$/);
  await page.goto('/academic_search');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/academic_search$/);
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
});

test('an unknown path answers 404 with the error page in the interface language', async ({ page }) => {
  for (const [prefix, text] of [
    ['', '页面不存在'],
    ['/ja', 'ページが見つかりません'],
    ['/ko', '페이지를 찾을 수 없습니다'],
    ['/en', 'Page Not Found'],
  ] as const) {
    const response = await page.goto(`${prefix}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toContainText(`${text}`);
  }
});

test('home feature cards are links to features that exist', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('capabilities').getByRole('link');
  await expect(cards).toHaveCount(4);
  await expect(page.getByTestId('capabilities')).not.toContainText('AI 绘画');
  await page.getByTestId('capability-search').click();
  await expect(page).toHaveURL(/\/academic_search$/);
});

test('on a phone the message box is on the first screen, and conversations open from a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const signedIn of [false, true]) {
    if (signedIn) await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/chat');
    const input = await page.getByTestId('chat-input').boundingBox();
    expect(input).not.toBeNull();
    expect((input?.y ?? 0) + (input?.height ?? 0)).toBeLessThanOrEqual(844);
    await page.screenshot({ path: `test-results/screens/chat-390-${signedIn ? 'user' : 'visitor'}.png` });
  }
  await expect(page.getByTestId('conversation-list')).toBeHidden();
  await page.getByTestId('chat-list-toggle').click();
  await expect(page.getByTestId('conversation-list')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/chat-390-list.png' });
});
