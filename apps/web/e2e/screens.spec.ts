import { expect, test } from '@playwright/test';

// Screenshots of the first screens in every locale, for people to look at
// (test-results/screens). The assertions check each locale really rendered.
const LOCALES = [
  { prefix: '', login: '登录' },
  { prefix: '/en', login: 'Sign in' },
  { prefix: '/ja', login: 'ログイン' },
  { prefix: '/ko', login: '로그인' },
];

for (const locale of LOCALES) {
  test(`home and login popup in ${locale.prefix || '/ (zh)'}`, async ({ page }) => {
    await page.goto(locale.prefix || '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('login-open')).toContainText(locale.login);
    const name = locale.prefix.replace('/', '') || 'zh';
    await page.screenshot({ path: `test-results/screens/home-${name}.png`, fullPage: true });
    await page.getByTestId('login-open').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.screenshot({ path: `test-results/screens/login-${name}.png` });
  });
}
