import { expect, test } from '@playwright/test';

// The language a visitor chooses at /lang is kept: unprefixed links (which mean
// Chinese) lead to the same page in the chosen language, until Chinese is chosen.
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

test('the 404 page speaks the interface language', async ({ page }) => {
  for (const [prefix, text] of [
    ['', '页面不存在'],
    ['/ja', 'ページが見つかりません'],
    ['/ko', '페이지를 찾을 수 없습니다'],
    ['/en', 'Page Not Found'],
  ] as const) {
    await page.goto(`${prefix}/no-such-page`);
    await expect(page.getByTestId('error-page')).toContainText(`${text}`);
  }
});
