import { expect, test } from '@playwright/test';

// Screenshots of the first screens in every locale, for people to look at
// (test-results/screens). The assertions check each locale really rendered.
const LOCALES = [
  { prefix: '', login: '登录', example: '润色摘要' },
  { prefix: '/en', login: 'Sign in', example: 'Polish an abstract' },
  { prefix: '/ja', login: 'ログイン', example: '要旨の校正' },
  { prefix: '/ko', login: '로그인', example: '초록 다듬기' },
];

for (const locale of LOCALES) {
  test(`home and login popup in ${locale.prefix || '/ (zh)'}`, async ({ page }) => {
    await page.goto(locale.prefix || '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('login-open')).toContainText(locale.login);
    // The problem examples come from the server in the interface language.
    await expect(page.getByTestId('problem-examples')).toContainText(locale.example);
    const name = locale.prefix.replace('/', '') || 'zh';
    await page.screenshot({ path: `test-results/screens/home-${name}.png`, fullPage: true });
    await page.getByTestId('login-open').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.waitForTimeout(600); // let the popup's opening animation finish before the picture
    await page.screenshot({ path: `test-results/screens/login-${name}.png` });
  });
}
