import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { openAdminUser, registerByEmail, signInWithPassword, signOut, uniqueEmail } from './support';

test('the admin adjusts a balance with a reason and the user sees it', async ({ page, request }) => {
  const email = uniqueEmail('adjust');
  await page.goto('/');
  await registerByEmail(page, request, email, 'user1234');
  await expect(page.getByTestId('balance-drawing_count')).toContainText('3');
  await signOut(page);

  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openAdminUser(page, email);
  await page.getByTestId('adjust-asset').click();
  // antd renders the options in a popup; pick the visible one by its label.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /drawing|绘画|绘图/i }).first().click();
  await page.getByTestId('adjust-delta').fill('7');
  await page.getByTestId('adjust-reason').fill('e2e compensation');
  await page.getByTestId('adjust-submit').click();
  await expect(page.getByTestId('admin-ledger')).toContainText('e2e compensation');
  await page.keyboard.press('Escape'); // close the user drawer
  await expect(page.getByTestId('admin-user-detail')).toBeHidden();
  await signOut(page);

  await signInWithPassword(page, email, 'user1234');
  await expect(page.getByTestId('balance-drawing_count')).toContainText('10');
  await page.goto('/user/info');
  await expect(page.getByTestId('ledger')).toContainText('e2e compensation');
});

test('a signed-in non-admin cannot open the admin area', async ({ page, request }) => {
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('noadmin'), 'user1234');
  await page.goto('/admin');
  await expect(page.getByTestId('error-page')).toContainText('403');
});

test('the admin configures Google sign-in and the button appears in the popup', async ({ page, browser }) => {
  await page.goto('/');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/oauth');
  await expect(page.getByTestId('oauth-form')).toBeVisible();
  await page.getByTestId('oauth-google-issuer').fill('https://accounts.google.com');
  await page.getByTestId('oauth-google-client-id').fill('e2e-client.apps.googleusercontent.com');
  await page.getByTestId('oauth-google-secret').fill('e2e-secret-value');
  await page.getByTestId('oauth-save').click();
  await expect(page.getByText('/login/google/callback')).toBeVisible();

  // A fresh visitor sees the Google button; the secret never comes back to the browser.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByTestId('login-open').click();
  await expect(visitor.getByTestId('oauth-google')).toBeVisible();
  await expect(visitor.getByTestId('oauth-google')).toHaveAttribute('href', /\/api\/login\/google\?redirect=/);
  await visitor.close();
  await page.reload();
  await expect(page.getByTestId('oauth-google-secret')).toHaveValue('');
});
