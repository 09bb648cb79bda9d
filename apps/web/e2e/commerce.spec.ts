import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, signInWithPassword, signOut, uniqueEmail } from './support';

const SHOTS = '/tmp/shots';

/** Word balance as the page shows it ("12,345"), as a number. */
async function wordBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-word_count').first().locator('dd').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Page content wider than the viewport (a narrow screen must not scroll sideways); the shell's header is checked by its own tests. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 1 && el.getClientRects().length > 0)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')} ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

interface PackageRow {
  id: number;
  price: number;
  word_count: number;
  gift_word_count: number;
  recommended: boolean;
}

test('buy a word package through the sandbox checkout and see the balance rise; the admin refunds it and the words go back', async ({ page, request }) => {
  // Two people's flows in one test (the refund needs the order paid through the browser's sandbox checkout).
  test.setTimeout(180_000);
  const list = await apiCall<{ lists: PackageRow[] }>(request, 'GET', '/recharge/packages');
  expect(list.code, list.msg).toBe(1);
  const pkg = list.data.lists.find((p) => p.word_count === 100_000) ?? list.data.lists[0]!;

  await page.goto('/recharge');
  await expect(page.getByTestId('recharge-packages')).toBeVisible();
  const buyer = uniqueEmail('buyer');
  await registerByEmail(page, request, buyer, 'user1234');
  await expect(page.getByTestId('recharge-packages')).toBeVisible();
  const before = await wordBalance(page);
  await page.screenshot({ path: `${SHOTS}/commerce-recharge-desktop.png`, fullPage: true });

  await page.getByTestId(`buy-${pkg.id}`).click();
  await expect(page.getByTestId('checkout')).toBeVisible();
  await page.getByTestId('gateway-sandbox').click();
  // Paying without accepting the agreement is refused on the page.
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('checkout-error')).toBeVisible();
  await page.getByTestId('pay-agreement').check();
  await page.screenshot({ path: `${SHOTS}/commerce-checkout.png` });
  await page.getByTestId('checkout-submit').click();

  // "Opened in a new window" is said only once it has opened.
  await expect(page.getByTestId('checkout-opened')).toHaveCount(0);
  const [checkout] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('checkout-open-pay').click()]);
  await expect(page.getByTestId('checkout-opened')).toBeVisible();
  await checkout.waitForLoadState();
  await expect(checkout.locator('.amount')).toContainText((pkg.price / 100).toFixed(2));
  // The sandbox's page speaks the user's language and says first that no money moves.
  await expect(checkout.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(checkout.getByTestId('sandbox-notice')).toContainText('不会扣款，也不会转移任何资金');
  await checkout.screenshot({ path: `${SHOTS}/commerce-sandbox-checkout.png` });
  await checkout.getByRole('button', { name: '模拟支付' }).click();
  await expect(checkout.locator('body')).toContainText('没有转移任何资金');
  await checkout.close();

  // The dialog polls the order; once fulfilled the user is reloaded and the balance shows the words.
  await expect(page.getByTestId('checkout-paid')).toBeVisible({ timeout: 30_000 });
  // Credited already: no "takes effect in about 2 minutes" any more.
  await expect(page.getByTestId('checkout')).not.toContainText('2 分钟');
  await page.screenshot({ path: `${SHOTS}/commerce-checkout-paid.png` });
  await page.getByTestId('checkout-done').click();
  await expect.poll(() => wordBalance(page)).toBe(before + pkg.word_count + pkg.gift_word_count);

  // The order is in the user centre, completed.
  await page.goto('/user/orders');
  await expect(page.getByTestId('order-row').first().getByTestId('order-status')).toContainText('已完成');
  // The order says it was paid in the sandbox, with no real money.
  await expect(page.getByTestId('order-row').first().getByTestId('order-gateway')).toHaveText('沙箱测试（非真实付款）');
  await page.screenshot({ path: `${SHOTS}/commerce-orders.png`, fullPage: true });
  const orderNo = /XB\d+/.exec((await page.getByTestId('order-row').first().textContent()) ?? '')?.[0] ?? '';
  expect(orderNo).not.toBe('');
  // The balance history in the user centre says why the words arrived.
  await page.goto('/user/info');
  await expect(page.getByTestId('ledger')).toContainText('购买套餐');

  // An order left unpaid can be paid later from the order list, or cancelled.
  await page.goto('/recharge');
  await page.getByTestId(`buy-${pkg.id}`).click();
  await page.getByTestId('pay-agreement').check();
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('checkout-open-pay')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/user/orders');
  const unpaid = page.getByTestId('order-row').first();
  await expect(unpaid.getByTestId('order-status')).toHaveText('待支付');
  await unpaid.getByTestId('order-continue').click();
  await expect(page.getByTestId('checkout-open-pay')).toHaveAttribute('href', /\/pay\/sandbox\/checkout\?/);
  await page.keyboard.press('Escape');
  await unpaid.getByTestId('order-cancel').click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(unpaid.getByTestId('order-status')).toHaveText('已关闭');
  await expect(unpaid.getByTestId('order-cancel')).toHaveCount(0);

  // The operator returns the money by hand and refunds the order in the admin: the words go back.
  await signOut(page);
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/orders');
  await page.getByTestId('orders-search-no').fill(orderNo);
  await page.getByTestId('orders-search').click();
  await expect(page.locator(`[data-row-key="${orderNo}"]`)).toContainText('沙箱测试（非真实付款）');
  await page.getByTestId(`order-detail-${orderNo}`).click();
  await page.getByTestId('refund-reason').fill('e2e refund by hand');
  await page.getByTestId('refund-submit').click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-dangerous').click();
  const refund = page.getByTestId('order-refund');
  await expect(refund).toContainText('e2e refund by hand');
  const words = (pkg.word_count + pkg.gift_word_count).toLocaleString('en-US');
  // Granted, taken back, not recovered: the buyer had spent none of it.
  await expect(refund.locator('[data-row-key="word_count"]')).toHaveText(`字数${words}${words}0`);
  await refund.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/commerce-admin-refund.png` });
  const users = await apiCall<{ lists: { email: string; balance: { word_count: number } }[] }>(request, 'GET', '/admin/users', { token: await adminToken(request), params: { keyword: buyer } });
  expect(users.data.lists.find((u) => u.email === buyer)?.balance.word_count).toBe(before);
});

test('an administrator generates redeem codes; a user redeems one once', async ({ page, request }) => {
  await page.goto('/');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/redeem');
  await page.getByTestId('redeem-generate').click();
  await page.getByTestId('redeem-count').fill('2');
  await page.getByTestId('redeem-word_count').fill('25000');
  await page.getByTestId('redeem-generate-submit').click();
  const shown = page.getByTestId('generated-codes');
  await expect(shown).toBeVisible();
  const codes = ((await shown.locator('pre').textContent()) ?? '').split('\n').filter(Boolean);
  expect(codes).toHaveLength(2);
  await page.waitForTimeout(500); // the modal's zoom-in animation
  await page.screenshot({ path: `${SHOTS}/commerce-admin-redeem-generated.png` });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/commerce-admin-redeem.png`, fullPage: true });
  await page.getByTestId('admin-tab-packages').click();
  await expect(page.getByTestId('admin-packages')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-admin-packages.png`, fullPage: true });
  await page.locator('[data-testid^="package-edit-"]').first().click();
  await expect(page.getByTestId('package-name-zh')).not.toHaveValue('');
  await page.waitForTimeout(500); // the modal's zoom-in animation
  await page.screenshot({ path: `${SHOTS}/commerce-admin-package-modal.png` });
  await page.keyboard.press('Escape');
  // Edit a recharge package's price; the shop sells at the new price.
  const recharge = await apiCall<{ lists: PackageRow[] }>(request, 'GET', '/recharge/packages');
  const big = recharge.data.lists.find((p) => p.word_count === 350_000)!;
  await page.getByTestId('admin-packages').getByText('充值套餐').click();
  await page.getByTestId(`package-edit-${big.id}`).click();
  await page.getByTestId('package-price').fill('139');
  await page.getByTestId('package-save').click();
  await expect.poll(async () => (await apiCall<{ lists: PackageRow[] }>(request, 'GET', '/recharge/packages')).data.lists.find((p) => p.id === big.id)?.price).toBe(13_900);
  await page.getByTestId('admin-tab-orders').click();
  await expect(page.getByTestId('admin-orders')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-admin-orders.png`, fullPage: true });
  await signOut(page);

  await page.goto('/redeem_code');
  // Let the page and the site config settle before the sign-up popup opens over it.
  await expect(page.getByTestId('redeem-form')).toBeVisible();
  await registerByEmail(page, request, uniqueEmail('redeemer'), 'user1234');
  const before = await wordBalance(page);
  // Case does not matter; an unknown code is explained.
  await page.getByTestId('redeem-input').fill('NOPE-NOPE-NOPE');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toContainText('兑换码不存在');
  await page.getByTestId('redeem-input').fill(codes[0]!.toLowerCase());
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-success')).toBeVisible();
  await expect.poll(() => wordBalance(page)).toBe(before + 25_000);
  await page.screenshot({ path: `${SHOTS}/commerce-redeem.png`, fullPage: true });
  // The same single-use code a second time.
  await page.getByTestId('redeem-input').fill(codes[0]!);
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toBeVisible();
  expect(await wordBalance(page)).toBe(before + 25_000);
});

test('membership pages: packages by kind, one package, the limit pop-up, the embed and a narrow screen', async ({ page, request }) => {
  await page.goto('/openvip');
  await expect(page.getByTestId('member-packages')).toBeVisible();
  await expect(page.getByTestId('pay-notes').first()).toContainText('2 分钟');
  await page.screenshot({ path: `${SHOTS}/commerce-openvip-desktop.png`, fullPage: true });
  // Signed out, buying asks for sign-in first.
  await page.locator('[data-testid^="buy-"]').first().click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('openvip-tab-recharge').click();
  await expect(page.getByTestId('recharge-packages')).toBeVisible();
  await page.getByTestId('openvip-tab-redeem').click();
  await expect(page.getByTestId('redeem-form')).toBeVisible();

  const members = await apiCall<{ lists: PackageRow[] }>(request, 'GET', '/member/packages', { params: { kind: 'academic_ai' } });
  const first = members.data.lists[0]!;
  await page.goto(`/openvip/${first.id}`);
  await expect(page.getByTestId('package-page')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-package.png`, fullPage: true });
  await page.goto('/openvip/999999');
  await expect(page.getByTestId('error-page')).toContainText('404');

  await page.goto('/openvip?limit=1');
  await expect(page.getByTestId('limit-popup')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-limit-popup.png` });

  await page.goto('/components/open-ai-vip');
  await expect(page.getByTestId('member-packages')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-open-ai-vip.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/openvip');
  await expect(page.getByTestId('member-packages')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-openvip-390.png`, fullPage: true });
  expect(await overflowing(page)).toEqual([]);
  await page.goto('/recharge');
  await expect(page.getByTestId('recharge-packages')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commerce-recharge-390.png`, fullPage: true });
  expect(await overflowing(page)).toEqual([]);
  await page.goto('/en/recharge');
  await expect(page.getByTestId('recharge-packages')).toContainText('100,000 words');
  await page.screenshot({ path: `${SHOTS}/commerce-recharge-390-en.png`, fullPage: true });
});

test('with the membership flag off the page says membership is not enabled', async ({ page, request }) => {
  const token = (await apiCall<{ token: string }>(request, 'POST', '/login/account', { data: { scene: 1, account: E2E_ADMIN.email, password: E2E_ADMIN.password, terminal: 'pc' } })).data.token;
  const settings = await apiCall<Record<string, unknown>>(request, 'GET', '/admin/settings', { token });
  expect(settings.code, settings.msg).toBe(1);
  const save = (on: boolean) => apiCall(request, 'POST', '/admin/settings', { token, data: { ...settings.data, member_package_status: on } });
  try {
    expect((await save(false)).code).toBe(1);
    await page.goto('/components/open-ai-vip');
    await expect(page.getByTestId('feature-disabled')).toContainText('会员功能未开启');
  } finally {
    await save(true);
  }
});
