import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { E2E_ADMIN } from '../../../playwright.config';
import { openAdminUser, registerByEmail, signInWithPassword, signOut, uniqueEmail } from './support';

// Rough edges a newcomer reported: untranslated keys in the admin console, a
// phone header that cut its search box, a sidebar that cut its balance card or
// ended above the page bottom. Screenshots go to test-results/screens.

const PREFIXES = { zh: '', en: '/en', ja: '/ja', ko: '/ko' } as const;

/**
 * The text a person can read inside `root` (every text node, including the
 * pre-rendered hidden tabs, but not what is typed into inputs and textareas),
 * and the snake_case tokens in it: an i18n key or a server code shown raw.
 */
async function rawKeys(root: Locator): Promise<string[]> {
  const text = await root.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('textarea, input, script, style')) continue;
      parts.push(node.textContent ?? '');
    }
    return parts.join(' ');
  });
  return [...new Set(text.match(/\b[a-z]+_[a-z_]+\b/g) ?? [])];
}

test('the admin console shows no raw keys in any language, names the user whose balance it shows, and aligns the membership grant', async ({ page, request }) => {
  test.setTimeout(240_000);
  // A user with a sign-up gift in the ledger (reason code signup_gift).
  const email = uniqueEmail('polish');
  await page.goto('/');
  await registerByEmail(page, request, email, 'user1234');
  await signOut(page);
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openAdminUser(page, email);
  await expect(page.getByTestId('admin-ledger')).toContainText('注册赠送');

  for (const [locale, prefix] of Object.entries(PREFIXES)) {
    await page.goto(`${prefix}/admin/settings`);
    await expect(page.getByTestId('settings-form')).toBeVisible();
    expect(await rawKeys(page.getByTestId('settings-form')), `settings in ${locale}`).toEqual([]);

    await page.goto(`${prefix}/admin/tasks`);
    await expect(page.getByTestId('admin-tasks').locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect(await rawKeys(page.getByTestId('admin-tasks')), `tasks in ${locale}`).toEqual([]);

    await page.goto(`${prefix}/admin`);
    const search = page.locator('input[data-testid="admin-search"]').or(page.getByTestId('admin-search').locator('input')).first();
    await search.fill(email);
    await search.press('Enter');
    await page.locator('[data-testid^="admin-view-"]').first().click();
    const drawer = page.getByTestId('admin-user-detail');
    await expect(drawer).toContainText(email);
    expect(await rawKeys(drawer), `user drawer in ${locale}`).toEqual([]);
    if (locale === 'zh') {
      // Another person's balance, not "my balance".
      await expect(drawer).not.toContainText('我的余额');
      await expect(drawer).toContainText('该用户余额');
      // The three grant fields line up although only "months" has a hint below it.
      const tops = await Promise.all(['grant-kind', 'grant-level', 'grant-months'].map(async (id) => (await page.getByTestId('grant-membership-form').locator(`.ant-form-item:has([data-testid="${id}"]) .ant-form-item-control-input`).boundingBox())!.y));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
      await page.getByTestId('grant-membership-form').scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/screens/polish-admin-drawer-zh.png' });
    }
  }
  await page.goto('/en/admin/settings');
  await expect(page.getByTestId('settings-form')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/polish-admin-settings-en.png' });
  await page.goto('/en/admin/tasks');
  await expect(page.getByTestId('admin-tasks').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/polish-admin-tasks-en.png' });
});

async function width(page: Page, selector: string): Promise<number> {
  return (await page.locator(selector).first().boundingBox())?.width ?? 0;
}

test('on a 390 px phone the header search box and the chat model picker keep a usable width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const prefix of ['', '/en']) {
    await page.goto(prefix || '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    expect(await width(page, '[data-testid="header-search"]'), `search in ${prefix || 'zh'}`).toBeGreaterThanOrEqual(120);
    await page.screenshot({ path: `test-results/screens/polish-header-390-${prefix.slice(1) || 'zh'}.png` });
  }
  await page.goto('/en/chat');
  const picker = page.getByTestId('model-picker');
  await expect(picker).toBeVisible();
  // A native select cuts its chosen option's text: compare the text's width with the box's.
  const fit = await picker.evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]?.textContent ?? '').width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
    return { text, room };
  });
  expect(fit.room, `model picker room for ${fit.text}px of text`).toBeGreaterThanOrEqual(fit.text);
  await page.screenshot({ path: 'test-results/screens/polish-chat-390-en.png' });
});

test('at 1366 × 768 the sidebar shows the whole balance card and its background reaches the bottom of a long page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const card = page.locator('.sidebar__wallet');
  await expect(card).toBeVisible();
  // Whole and in view without scrolling: the links above it scroll instead.
  expect(await card.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  const nav = page.locator('.sidebar__nav');
  expect(await nav.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await nav.getByTestId('nav-admin').or(nav.locator('a').last()).first().scrollIntoViewIfNeeded();
  await expect(nav.locator('a').last()).toBeInViewport();
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  await page.screenshot({ path: 'test-results/screens/polish-sidebar-1366.png' });

  // A page longer than the screen, scrolled down: the sidebar's column is coloured
  // from the top to the bottom of the page, in the window and in a full-page capture.
  await page.goto('/academic_search?keyword=transformer');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(768);
  expect(await page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThanOrEqual(768 - 1);
  const shot = await page.screenshot({ path: 'test-results/screens/polish-sidebar-bottom-academic_search.png', fullPage: true });
  const sidebarColour = await page.locator('.sidebar').evaluate((el) => getComputedStyle(el).backgroundColor);
  // Read the capture's pixels in a blank page (no CSP there for a data: image).
  const blank = await page.context().newPage();
  const pixels = await blank.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const at = (x: number, y: number) => {
      const [r, g, b] = context.getImageData(x, y, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    };
    return { top: at(4, 4), bottom: at(4, image.height - 4) };
  }, shot.toString('base64'));
  await blank.close();
  expect(pixels).toEqual({ top: sidebarColour, bottom: sidebarColour });
});

test('robots.txt keeps crawlers out of the console and the API, and /openvip headings never skip a level', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const body = await robots.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  for (const path of ['/admin', '/api/', '/en/admin']) expect(body).toContain(`Disallow: ${path}`);
  expect(body).not.toMatch(/^Disallow: \/$/m);

  for (const tab of ['vip', 'recharge']) {
    await page.goto(`/openvip?tab=${tab}`);
    await expect(page.locator('.pkg-card').first()).toBeVisible();
    const levels = await page.locator('main').evaluate((el) => [...el.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
    const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
    expect(skips, `heading levels on /openvip?tab=${tab}: ${levels.join(' ')}`).toEqual([]);
  }
});

test('text on the audited pages keeps WCAG AA contrast (axe colour-contrast, as Lighthouse runs it)', async ({ page }) => {
  const axe = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const path of ['/', '/chat', '/academic_search', '/openvip']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(axe); // through the debugger, so the page's CSP does not apply
    const low = await page.evaluate(async () => {
      const axeGlobal = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
      const result = await axeGlobal.run(document, { runOnly: ['color-contrast'] });
      return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
    });
    expect(low, `contrast on ${path}`).toEqual([]);
  }
});
