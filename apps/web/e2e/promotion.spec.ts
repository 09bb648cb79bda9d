import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, signInWithPassword, uniqueEmail } from './support';

const SHOTS = '/tmp/shots';

interface Reward {
  conversation_count: number;
  word_count: number;
  drawing_count: number;
}
interface Settings {
  invite: { enabled: boolean; inviter_reward: Reward; invitee_reward: Reward; unlock: string };
  distribution: { enabled: boolean; commission_bp: number; pending_days: number; min_withdraw: number };
}

async function newPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test('an invited friend signs up through the share link and the inviter sees the reward', async ({ page, browser, request }) => {
  const token = await adminToken(request);
  const current = await apiCall<Settings>(request, 'GET', '/admin/promotion/settings', { token });
  expect(current.code, current.msg).toBe(1);
  const saved = await apiCall(request, 'POST', '/admin/promotion/settings', {
    token,
    data: { ...current.data, invite: { enabled: true, unlock: 'signup', inviter_reward: { conversation_count: 0, word_count: 5000, drawing_count: 0 }, invitee_reward: { conversation_count: 2, word_count: 0, drawing_count: 0 } } },
  });
  expect(saved.code, saved.msg).toBe(1);

  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('inviter'), 'user1234');
  await page.goto('/user/tasks');
  await expect(page.getByTestId('invite-panel')).toBeVisible();
  await expect(page.getByTestId('task-list')).toBeVisible();
  const link = await page.getByTestId('invite-link').inputValue();
  expect(link).toContain('share_id=');
  await expect(page.getByTestId('invite-count')).toHaveText('0');
  await page.screenshot({ path: `${SHOTS}/promotion-tasks.png`, fullPage: true });

  // The friend opens the link in their own browser and registers there.
  const friend = await newPage(browser, new URL(link).pathname + new URL(link).search);
  await registerByEmail(friend, request, uniqueEmail('invitee'), 'user1234');
  await friend.context().close();

  await page.reload();
  await expect(page.getByTestId('invite-count')).toHaveText('1');
  await expect(page.getByTestId('invite-earned')).toContainText('5,000');
  await page.screenshot({ path: `${SHOTS}/promotion-tasks-invited.png`, fullPage: true });

  // The distribution policy the promotion page links to renders.
  await page.goto('/policy/distribution');
  await expect(page.getByTestId('policy-page')).toContainText(/分销|推广/);
  await page.screenshot({ path: `${SHOTS}/promotion-policy.png`, fullPage: true });
});

test('a promoter earns commission on a friend’s purchase, withdraws it and the administrator approves and pays', async ({ page, browser, request }) => {
  test.setTimeout(240_000); // three people, a purchase and a payout
  // The administrator sets the programme up in the console: 10 %, settles at once (0 days), minimum ¥1.
  const admin = await newPage(browser, '/');
  await signInWithPassword(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/admin/promotion');
  await expect(admin.getByTestId('admin-promotion-settings')).toBeVisible();
  const distributionOn = admin.getByTestId('distribution-enabled');
  if ((await distributionOn.getAttribute('aria-checked')) !== 'true') await distributionOn.click();
  await admin.getByTestId('distribution-percent').fill('10');
  await admin.getByTestId('distribution-pending-days').fill('0');
  await admin.getByTestId('distribution-min-withdraw').fill('1');
  await admin.getByTestId('promotion-settings-save').click();
  await expect
    .poll(async () => (await apiCall<Settings>(request, 'GET', '/admin/promotion/settings', { token: await adminToken(request) })).data.distribution)
    .toMatchObject({ enabled: true, commission_bp: 1000, pending_days: 0, min_withdraw: 100 });
  await admin.screenshot({ path: `${SHOTS}/promotion-admin-settings.png`, fullPage: true });

  // The promoter registers and shares the link.
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('promoter'), 'user1234');
  await page.goto('/promotion/distribution');
  await expect(page.getByTestId('distribution-page')).toBeVisible();
  const link = await page.getByTestId('invite-link').inputValue();

  // The friend signs up through it and buys the 100k-word package in the sandbox.
  const friend = await newPage(browser, new URL(link).pathname + new URL(link).search);
  await registerByEmail(friend, request, uniqueEmail('buyer'), 'user1234');
  const packages = await apiCall<{ lists: { id: number; price: number; word_count: number }[] }>(request, 'GET', '/recharge/packages');
  const pkg = packages.data.lists.find((p) => p.word_count === 100_000) ?? packages.data.lists[0]!;
  await friend.goto('/recharge');
  await friend.getByTestId(`buy-${pkg.id}`).click();
  await friend.getByTestId('gateway-sandbox').click();
  await friend.getByTestId('pay-agreement').check();
  await friend.getByTestId('checkout-submit').click();
  const [checkout] = await Promise.all([friend.waitForEvent('popup'), friend.getByTestId('checkout-open-pay').click()]);
  await checkout.getByRole('button', { name: '模拟支付' }).click();
  await expect(friend.getByTestId('checkout-paid')).toBeVisible({ timeout: 30_000 });
  await friend.context().close();

  // 10 % of the price, settled at once (pending days 0), is withdrawable.
  const commission = Math.floor(pkg.price / 10);
  const yuan = (commission / 100).toFixed(2);
  await page.reload();
  await expect(page.getByTestId('earnings-available')).toContainText(yuan);
  await expect(page.getByTestId('commission-orders')).toBeVisible();
  await expect(page.getByTestId('poster-img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/promotion-distribution.png`, fullPage: true });

  await page.getByTestId('to-withdrawal').click();
  await expect(page.getByTestId('withdraw-available')).toContainText(yuan);
  await page.getByTestId('withdraw-amount').fill(yuan);
  await page.getByTestId('withdraw-name').fill('E2E Promoter');
  await page.getByTestId('withdraw-account').fill('promoter@alipay.test');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();
  await expect(page.getByTestId('withdraw-available')).toContainText('0.00');
  await expect(page.getByTestId('withdrawal-row').first().getByTestId('withdrawal-status')).toHaveText('审核中');
  await page.screenshot({ path: `${SHOTS}/promotion-withdrawal.png`, fullPage: true });

  // The administrator approves it, then marks it paid.
  await admin.goto('/admin/withdrawals');
  const approve = admin.locator('[data-testid^="withdraw-approve-"]').first();
  await expect(approve).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/promotion-admin-withdrawals.png`, fullPage: true });
  const id = ((await approve.getAttribute('data-testid')) ?? '').replace('withdraw-approve-', '');
  await approve.click();
  await expect(admin.getByTestId(`withdraw-approve-${id}`)).toBeHidden();
  await admin.locator('.ant-segmented-item').filter({ hasText: '已通过' }).click(); // the status filter: approved
  await admin.getByTestId(`withdraw-paid-${id}`).click();
  await expect(admin.getByTestId(`withdraw-paid-${id}`)).toBeHidden();
  await admin.goto('/admin/commissions');
  await expect(admin.getByTestId('admin-commissions')).toContainText(yuan);
  await admin.screenshot({ path: `${SHOTS}/promotion-admin-commissions.png`, fullPage: true });
  await admin.goto('/admin/tasks');
  // Task kinds are shown by name, never as their raw keys.
  await expect(admin.getByTestId('admin-tasks')).toContainText('每日签到');
  await expect(admin.locator('.ant-spin-spinning')).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/promotion-admin-tasks.png`, fullPage: true });
  await admin.goto('/admin/audit');
  await admin.getByTestId('audit-run').click();
  await expect(admin.getByTestId('audit-clean')).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/promotion-admin-audit.png`, fullPage: true });
  await admin.context().close();

  await page.reload();
  await expect(page.getByTestId('withdrawal-row').first().getByTestId('withdrawal-status')).toHaveText('已打款');
});
