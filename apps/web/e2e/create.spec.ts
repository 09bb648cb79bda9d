import { expect, test } from '@playwright/test';
import { registerByEmail, uniqueEmail } from './support';

test('writing templates need sign-in; a template form refuses empty required fields, then streams its output into the history', async ({ page, request }) => {
  await page.goto('/en/create');
  // Spec §2: sign-in required with active path /create.
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-modal')).toBeHidden();
  await registerByEmail(page, request, uniqueEmail('create'), 'create123');
  await page.goto('/en/create');
  await expect(page.getByTestId('create-page')).toBeVisible();
  const cards = page.getByTestId('template-list').locator('a');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await page.screenshot({ path: 'test-results/screens/create-en.png', fullPage: true });

  await cards.first().click();
  await expect(page).toHaveURL(/\/en\/create\/produce\?id=\d+/);
  await expect(page.getByTestId('nav-create')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('produce-hint')).toContainText('10 seconds');
  await page.getByTestId('produce-submit').click();
  await expect(page.locator('[data-testid^="field-error-"]').first()).toBeVisible();

  // Fill every text field of the template (whatever the admin configured).
  for (const field of await page.locator('[data-testid="template-form"] textarea, [data-testid="template-form"] input[type="text"]').all()) {
    await field.fill('Large language models can translate low-resource languages.');
  }
  await page.getByTestId('produce-submit').click();
  await expect(page.getByTestId('produce-text')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(page.getByTestId('produce-text').locator('.katex')).toBeVisible();
  await expect(page.getByTestId('produce-text')).toContainText('The end.');
  await expect(page.getByTestId('creation-history').locator('li')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/create-produce-en.png', fullPage: true });
});
