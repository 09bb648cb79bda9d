import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, registerByEmail, settled, uniqueEmail } from './support';

/**
 * Notices, staff roles and embedded views through the page against the real
 * server: an order paid in the sandbox lights the header bell and the notice
 * centre marks it read; a user made operator sees only the operator sections
 * and is refused a money endpoint; `/webview` refuses each bad kind of URL and
 * frames an allowed one, under a CSP frame-src that blocks other hosts.
 */

const SHOTS = process.env.NOTICE_SHOTS_DIR ?? 'test-results/screens';
const PASSWORD = 'notice123';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const body = await apiCall<{ token: string }>(request, 'POST', '/login/account', { data: { scene: 1, account: email, password: PASSWORD, terminal: 'pc' } });
  expect(body.code, body.msg).toBe(1);
  return body.data.token;
}

/** Buys the first recharge package through the sandbox gateway's own checkout form (no money moves). */
async function payAnOrder(request: APIRequestContext, token: string): Promise<string> {
  const packages = await apiCall<{ lists: { id: number }[] }>(request, 'GET', '/recharge/packages');
  const pkg = packages.data.lists[0];
  expect(pkg).toBeTruthy();
  const order = await apiCall<{ order_no: string; pay_url: string }>(request, 'POST', '/order/create', { token, data: { package_id: pkg!.id, kind: 'recharge', gateway: 'sandbox' } });
  expect(order.code, order.msg).toBe(1);
  const payUrl = new URL(order.data.pay_url, 'http://localhost');
  const submitted = await request.post('/api/pay/sandbox/submit', { form: { order_no: order.data.order_no, sig: payUrl.searchParams.get('sig') ?? '', action: 'pay' } });
  expect(submitted.ok()).toBe(true);
  return order.data.order_no;
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an order paid in the sandbox shows on the bell; the notice centre marks it read', async ({ page, request }) => {
  const email = uniqueEmail('notice');
  await page.goto('/');
  await registerByEmail(page, request, email, PASSWORD);
  await expect(page.getByTestId('notice-badge')).toBeVisible();
  await expect(page.getByTestId('notice-badge-count')).toHaveCount(0);

  const token = await tokenOf(request, email);
  const orderNo = await payAnOrder(request, token);
  // The sandbox fulfils after its short delay: the bell counts it once the page asks again.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('notice-badge-count')).toHaveText('1', { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await shoot(page, 'notice-badge');

  await page.getByTestId('notice-badge').click();
  await expect(page.getByTestId('notice-page')).toBeVisible();
  const item = page.getByTestId('notice-item').first();
  await expect(item).toHaveAttribute('data-kind', 'order_paid');
  await expect(item).toHaveAttribute('data-read', '0');
  await expect(item).toContainText('订单支付成功');
  await expect(item).toContainText(orderNo);
  await shoot(page, 'notice-centre');

  // Opening it marks it read and follows its link (the orders page); the bell empties.
  await item.click();
  await expect(page).toHaveURL(/\/user\/orders/);
  await expect(page.getByTestId('notice-badge-count')).toHaveCount(0);
  await page.goto('/en/user/notice');
  await expect(page.getByTestId('notice-item').first()).toHaveAttribute('data-read', '1');
  await expect(page.getByTestId('notice-item').first()).toContainText('Order paid');

  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByTestId('notice-pref-order_paid').check();
  await page.getByTestId('notice-prefs-save').click();
  await expect.poll(async () => (await apiCall<{ email_kinds: string[] }>(request, 'GET', '/notice/preferences', { token })).data.email_kinds).toEqual(['order_paid']);
  await shoot(page, 'notice-preferences');
});

test('an operator sees only the operator sections, and a money endpoint answers 403', async ({ page, request }) => {
  const email = uniqueEmail('operator');
  await page.goto('/');
  await registerByEmail(page, request, email, PASSWORD);
  const token = await tokenOf(request, email);
  const me = await apiCall<{ id: number }>(request, 'GET', '/user/info', { token });
  const admin = await adminToken(request);
  const set = await apiCall(request, 'POST', '/admin/user/role', { token: admin, data: { user_id: me.data.id, role: 'operator' } });
  expect(set.code, set.msg).toBe(1);

  await page.goto('/admin');
  // Bare /admin (the administrators' Users) opens the operator's first section.
  await expect(page).toHaveURL(/\/admin\/feedback$/);
  const nav = page.getByTestId('admin-nav');
  for (const shown of ['feedback', 'support', 'content', 'skills']) await expect(nav.getByTestId(`admin-tab-${shown}`)).toBeVisible();
  await expect(nav.getByTestId('admin-tab-templates')).toBeVisible();
  await expect(nav.getByTestId('admin-tab-square')).toBeVisible();
  await expect(nav.getByTestId('admin-tab-qrcode')).toBeVisible();
  for (const hidden of ['users', 'settings', 'orders', 'withdrawals', 'models', 'webview', 'audit', 'paperwrite', 'plagiarism']) await expect(nav.getByTestId(`admin-tab-${hidden}`)).toHaveCount(0);
  await shoot(page, 'operator-console');
  // A money section by its address: refused on the page as on the server.
  await page.goto('/admin/orders');
  await expect(page.getByTestId('admin-panel-orders')).toContainText('403');

  const money = await request.post('/api/admin/user/adjustBalance', { headers: { token }, data: { user_id: me.data.id, asset: 'word_count', delta: 1000, reason: 'self', idempotency_key: 'operator-adjust-1' } });
  expect(money.status()).toBe(403);
  const content = await request.get('/api/admin/create/templates', { headers: { token } });
  expect(content.status()).toBe(200);
});

test('/webview refuses each bad kind of URL and frames an allowed host; the CSP blocks any other host', async ({ page, request }) => {
  const admin = await adminToken(request);
  const saved = await apiCall(request, 'POST', '/admin/webview', { token: admin, data: { hosts: ['docs.example.com'] } });
  expect(saved.code, saved.msg).toBe(1);

  for (const bad of ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'http://docs.example.com/', 'https://docs.example.com.evil.test/', 'https://evil.test/']) {
    await page.goto(`/webview?url=${encodeURIComponent(bad)}`);
    await expect(page.getByTestId('webview-refused')).toBeVisible();
    await expect(page.getByTestId('webview-refused')).toContainText('不允许打开该链接');
    await expect(page.locator('iframe')).toHaveCount(0);
  }
  await shoot(page, 'webview-refused');

  await page.goto(`/webview2?url=${encodeURIComponent('https://docs.example.com/guide')}`);
  const frame = page.getByTestId('webview-frame');
  await expect(frame).toHaveAttribute('src', 'https://docs.example.com/guide');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).not.toHaveAttribute('sandbox', /allow-top-navigation/);
  await shoot(page, 'webview2-framed');

  // A frame sent anywhere else (as a redirect would) is blocked by the browser: the page's CSP frame-src lists only the allowed host.
  const response = await page.goto(`/webview?url=${encodeURIComponent('https://docs.example.com/')}`);
  expect(response?.headers()['content-security-policy']).toMatch(/frame-src 'self' https:\/\/docs\.example\.com(;|$)/);
  const blocked = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(`${e.violatedDirective} ${e.blockedURI}`), { once: true });
        const other = document.createElement('iframe');
        other.src = 'https://elsewhere.test/landing';
        document.body.appendChild(other);
      }),
  );
  expect(blocked).toContain('frame-src');
  expect(blocked).toContain('https://elsewhere.test');
  await apiCall(request, 'POST', '/admin/webview', { token: admin, data: { hosts: [] } });
});
