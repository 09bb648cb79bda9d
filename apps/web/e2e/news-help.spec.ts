import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, settled, signInWithPassword } from './support';

/**
 * News and the help centre against the real server: an administrator writes a
 * news article in Chinese and English in Admin → Content (rich text with an
 * uploaded picture) and publishes it; a visitor reads it under the Chinese and
 * the English prefix; a help article is found by search; a stored script is
 * inert. Screens go to SHOTS (desktop and a 390 px phone).
 */

const SHOTS = process.env.NEWS_SHOTS_DIR ?? 'test-results/screens';
const PHONE = { width: 390, height: 844 };

/** The viewport stretched to the page's height, so the fixed header sits at the top of the shot instead of mid-page. */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 6000) });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.setViewportSize(size);
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await settled(page);
  await shoot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
}

test('an admin publishes a news article in two languages and a visitor reads each', async ({ page, browser }) => {
  // Two browser contexts, an editor session and uploads: longer than the default on a shared machine.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const zhTitle = `学霸新版发布 ${stamp}`;
  const enTitle = `Xueba release ${stamp}`;
  await page.goto('/');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin/content');
  // The console's panels are chunks of their own; a loaded machine takes a while to fetch one.
  await expect(page.getByTestId('admin-panel-content')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('content-new-news').click();
  const editor = page.getByTestId('content-editor');
  await expect(editor).toBeVisible();

  await page.getByTestId('content-title-zh').fill(zhTitle);
  await page.getByTestId('content-summary-zh').fill('本次更新带来新闻与帮助中心。');
  const zhBody = page.getByTestId('content-body-zh');
  await zhBody.click();
  await page.keyboard.type('新版带来了');
  await page.getByTestId('rte-bold').click();
  await page.keyboard.type('新闻中心');
  await page.getByTestId('rte-bold').click();
  await page.keyboard.type('和帮助中心。');
  const png = await sharp({ create: { width: 320, height: 160, channels: 3, background: '#2a6fd6' } }).png().toBuffer();
  await page.getByTestId('content-body-zh-file').setInputFiles({ name: 'figure.png', mimeType: 'image/png', buffer: png });
  await expect(zhBody.locator('img')).toHaveCount(1, { timeout: 30_000 });
  await expect(zhBody.locator('b, strong')).toHaveText('新闻中心');
  await page.getByTestId('content-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('.content-editor__cover img')).toBeVisible();

  await page.getByTestId('content-tab-en').click();
  await page.getByTestId('content-title-en').fill(enTitle);
  await page.getByTestId('content-summary-en').fill('This update brings news and a help centre.');
  await page.getByTestId('content-body-en').click();
  await page.keyboard.type('The new release brings the news centre.');
  // antd puts the test id on the radio's hidden input: press its label.
  await editor.locator('label.ant-radio-button-wrapper', { hasText: '已发布' }).click();
  await page.screenshot({ path: `${SHOTS}/news-admin-editor-desktop.png` });
  await page.getByTestId('content-save').click();
  await expect(editor).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(zhTitle) });
  await expect(row).toContainText('zh · en');
  await shootBoth(page, 'news-admin-list');

  // A visitor: no session.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  const dialogs: string[] = [];
  reader.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await reader.goto('/news');
  const card = reader.getByRole('link', { name: new RegExp(zhTitle) });
  await expect(card).toBeVisible();
  await expect(card.locator('img.news-card__cover')).toBeVisible();
  await shootBoth(reader, 'news-list');
  await card.click();
  await expect(reader.getByTestId('news-title')).toHaveText(zhTitle);
  await expect(reader.getByTestId('news-body').locator('strong, b')).toHaveText('新闻中心');
  await expect(reader.getByTestId('news-body').locator('img')).toBeVisible();
  await expect(reader).toHaveTitle(new RegExp(zhTitle));
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', '本次更新带来新闻与帮助中心。');
  await expect(reader.getByTestId('news-views')).toContainText('1');
  const id = /\/news\/detail\/(\d+)/.exec(reader.url())![1];
  await reader.getByTestId('news-qr-toggle').click();
  await expect(reader.getByTestId('news-share-qr')).toBeVisible();
  await shootBoth(reader, 'news-detail');

  await reader.goto(`/en/news/detail/${id}`);
  await expect(reader.getByTestId('news-title')).toHaveText(enTitle);
  await expect(reader.getByTestId('news-body')).toHaveText('The new release brings the news centre.');
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', 'This update brings news and a help centre.');
  await reader.goto('/en/news');
  await expect(reader.getByRole('link', { name: new RegExp(enTitle) })).toBeVisible();
  // Japanese has no version: the Chinese one is shown, and says so.
  await reader.goto(`/ja/news/detail/${id}`);
  await expect(reader.getByTestId('news-title')).toHaveText(zhTitle);
  await expect(reader.locator('.news-detail__fallback')).toBeVisible();
  // An unknown article is the not-found page.
  await reader.goto('/en/news/detail/987654321');
  await expect(reader.getByTestId('error-page')).toBeVisible();
  expect(dialogs).toEqual([]);
  await visitor.close();
});

test('a help article is found by search, and stored scripts stay inert', async ({ page, request }) => {
  const token = await adminToken(request);
  const word = `Zephyrquota${Date.now().toString(36)}`;
  const section = await apiCall<{ id: number }>(request, 'POST', '/admin/content/category/save', { token, data: { kind: 'help', names: { zh: '账户与会员', en: 'Account and membership' } } });
  const article = await apiCall<{ id: number }>(request, 'POST', '/admin/content/save', {
    token,
    data: {
      kind: 'help',
      status: 'published',
      category_id: section.data.id,
      versions: {
        zh: { title: `${word} 配额说明`, summary: `${word} 配额每月一日重置。`, body: `<h2>重置时间</h2><p>${word} 配额每月一日重置。</p><ul><li>对话次数</li><li>字数</li></ul>` },
        en: { title: `About the ${word} quota`, summary: `The ${word} quota resets on the first of each month.`, body: `<h2>When it resets</h2><p>The ${word} quota resets on the first of each month.</p>` },
      },
    },
  });
  await apiCall(request, 'POST', '/admin/content/save', { token, data: { kind: 'faq', status: 'published', category_id: section.data.id, versions: { zh: { title: '可以开发票吗？', body: '<p>可以，在公众号申请。</p>' } } } });
  // Written past the editor: the server stores it sanitised, the page renders nothing of the script.
  const hostile = await apiCall<{ id: number; versions: { zh: { body: string } } }>(request, 'POST', '/admin/content/save', {
    token,
    data: { kind: 'news', status: 'published', versions: { zh: { title: `脚本测试 ${word}`, body: '<p>安全</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a>' } } },
  });
  expect(hostile.data.versions.zh.body).not.toMatch(/onerror|script|javascript:/);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  await page.getByTestId('footer-help').click();
  await expect(page.getByTestId('help-page')).toBeVisible();
  await page.getByTestId('help-search').fill(word);
  const hit = page.getByTestId(`help-item-${article.data.id}`);
  await expect(hit).toBeVisible();
  await expect(page.getByTestId('help-articles').locator('li')).toHaveCount(1);
  await shootBoth(page, 'help-search');
  await hit.click();
  await expect(page.getByTestId('help-title')).toHaveText(`${word} 配额说明`);
  await expect(page.getByTestId('help-body').locator('li')).toHaveCount(2);
  await shootBoth(page, 'help-detail');
  await page.goto('/en/help');
  await page.getByTestId(`help-cat-${section.data.id}`).click();
  await expect(page.getByText(`About the ${word} quota`)).toBeVisible();
  await page.getByText('可以开发票吗？').click();
  await expect(page.getByText('可以，在公众号申请。')).toBeVisible();
  await shootBoth(page, 'help-centre');

  await page.goto(`/news/detail/${hostile.data.id}`);
  await expect(page.getByTestId('news-body')).toContainText('安全');
  await expect(page.getByTestId('news-body').locator('img, script')).toHaveCount(0);
  await expect(page.getByTestId('news-body').locator('a')).not.toHaveAttribute('href', /.+/);
  expect(dialogs).toEqual([]);
});
