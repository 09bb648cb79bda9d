import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { chooseAntdOption, openAdminUser, registerByEmail, signInWithPassword, signOut, uniqueEmail } from './support';

test('the admin adjusts a balance with a reason and the user sees it', async ({ page, request }) => {
  const email = uniqueEmail('adjust');
  await page.goto('/');
  await registerByEmail(page, request, email, 'user1234');
  await expect(page.getByTestId('balance-drawing_count')).toContainText('3');
  await signOut(page);

  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openAdminUser(page, email);
  await chooseAntdOption(page, 'adjust-asset', /drawing|绘画|绘图/i);
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

/** Every menu label shows whole: antd cuts a long one with an ellipsis inside its item. */
async function expectNoCutLabels(page: Page): Promise<void> {
  const cut = await page.locator('[data-testid="admin-nav"] .ant-menu-title-content').evaluateAll((items) => items.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
  expect(cut, 'menu labels cut off').toEqual([]);
}

/** The panel's chunk has loaded, its data has arrived and the header shows the signed-in user: ready for a picture. */
async function expectPanelSettled(page: Page, key: string): Promise<void> {
  await expect(page.getByTestId(`admin-panel-${key}`)).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(width.page, 'the page scrolls sideways').toBeLessThanOrEqual(width.view);
}

test('the console menu: grouped sections, the panel in the URL, reload, back and deep links, phone layout', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);

  // Bare /admin opens the first panel, users, under the first heading.
  await page.goto('/admin');
  const nav = page.getByTestId('admin-nav');
  await expect(nav).toBeVisible();
  for (const heading of ['用户与消息', '站点与登录', 'AI 与内容', '销售', '推广与结算', '审计']) await expect(nav).toContainText(heading);
  await expect(page.getByTestId('admin-users')).toBeVisible();
  await expect(page.getByTestId('admin-tab-users')).toHaveAttribute('aria-current', 'page');

  // A click puts the panel in the URL; a reload keeps it; back returns to the previous one.
  await page.getByTestId('admin-tab-orders').click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId('admin-panel-title')).toHaveText('订单');
  await expect(page.getByTestId('admin-group')).toHaveText('销售');
  await page.getByTestId('admin-tab-audit').click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByTestId('admin-ledger-audit')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('admin-ledger-audit')).toBeVisible();
  await expect(page.getByTestId('admin-tab-audit')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByTestId('admin-panel-title')).toHaveText('订单');
  await page.getByTestId('admin-tab-users').click();
  await expect(page).toHaveURL(/\/admin$/);

  // An unknown panel name falls back to the first panel, and the address says so.
  await page.goto('/admin/no-such-panel');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-users')).toBeVisible();

  // A deep link under a language prefix opens that panel; the menu's links keep the prefix.
  await page.goto('/en/admin/withdrawals');
  await expect(page.getByTestId('admin-panel-title')).toHaveText('Withdrawals');
  await expect(page.getByTestId('admin-group')).toHaveText('Growth and payouts');
  await expect(page.getByTestId('admin-tab-withdrawals')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('admin-tab-audit')).toHaveAttribute('href', '/en/admin/audit');
  await expect(page.getByTestId('admin-tab-users')).toHaveAttribute('href', '/en/admin');

  // Desktop pictures (1280x800, the config's viewport) and labels that fit in every language.
  for (const [prefix, name] of [['', 'zh'], ['/en', 'en'], ['/ja', 'ja'], ['/ko', 'ko']] as const) {
    await page.goto(`${prefix}/admin/orders`);
    await expect(page.getByTestId('admin-tab-orders')).toHaveAttribute('aria-current', 'page');
    await expectPanelSettled(page, 'orders');
    await expectNoCutLabels(page);
    await expectNoSidewaysScroll(page);
    // With the content, support and writing sections the menu is taller than a laptop screen: its last item is reached by scrolling it.
    await page.getByTestId('admin-tab-audit').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('admin-tab-audit')).toBeInViewport();
    if (name === 'zh' || name === 'en') await page.screenshot({ path: `test-results/screens/admin-${name}-1280.png` });
  }

  // A phone: the menu folds into a drawer behind one button; nothing spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  // After the English and Korean pages the remembered language is Korean: Chinese is asked for by its prefix.
  for (const [prefix, name, packages] of [['/zh', 'zh', '套餐'], ['/en', 'en', 'Packages']] as const) {
    await page.goto(`${prefix}/admin/orders`);
    await expectPanelSettled(page, 'orders');
    await expect(page.getByTestId('admin-nav')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/admin-${name}-390.png` });
    await page.getByTestId('admin-nav-toggle').click();
    await expect(page.getByTestId('admin-nav')).toBeVisible();
    await page.getByTestId('admin-tab-audit').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('admin-tab-audit')).toBeInViewport();
    await page.waitForTimeout(400); // the drawer's slide-in, before the picture
    await expectNoCutLabels(page);
    await page.screenshot({ path: `test-results/screens/admin-${name}-390-menu.png` });
    await page.getByTestId('admin-tab-packages').click();
    await expect(page).toHaveURL(/\/admin\/packages$/);
    await expect(page.getByTestId('admin-panel-title')).toHaveText(packages);
    await expectPanelSettled(page, 'packages');
    await expect(page.getByTestId('admin-nav')).toBeHidden();
    await expectNoSidewaysScroll(page);
  }
});
