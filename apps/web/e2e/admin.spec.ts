import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { registerByEmail, signInWithPassword, signOut, uniqueEmail } from './support';

test('the admin adjusts a balance with a reason and the user sees it', async ({ page, request }) => {
  const email = uniqueEmail('adjust');
  await page.goto('/');
  await registerByEmail(page, request, email, 'user1234');
  await expect(page.getByTestId('balance-drawing_count')).toContainText('3');
  await signOut(page);

  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  const search = page.getByTestId('admin-search').locator('input').or(page.locator('input[data-testid="admin-search"]')).first();
  await search.fill(email);
  await search.press('Enter');
  const view = page.locator('[data-testid^="admin-view-"]').first();
  await expect(view).toBeVisible();
  await view.click();
  await expect(page.getByTestId('admin-user-detail')).toContainText(email);
  await page.getByTestId('adjust-asset').click();
  await page.getByRole('option', { name: /drawing|绘画|绘图/i }).click();
  await page.getByTestId('adjust-delta').fill('7');
  await page.getByTestId('adjust-reason').fill('e2e compensation');
  await page.getByTestId('adjust-submit').click();
  await expect(page.getByTestId('admin-ledger')).toContainText('e2e compensation');
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
