import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, settled, signInWithPassword, uniqueEmail } from './support';

/**
 * Skills, the plan comparison table and /uiec through the page against the
 * real server. The e2e model server echoes the system prompt when it carries
 * the echo marker (scripts/bench/fake-upstream.mjs), so the answer shows the
 * instructions the skill gave the model. Screens go to SHOTS (desktop and a
 * 390 px phone).
 */

const SHOTS = process.env.SKILL_SHOTS_DIR ?? 'test-results/screens';
const PHONE = { width: 390, height: 844 };
const ECHO = '[echo-system-prompt]';

async function shoot(page: Page, name: string): Promise<void> {
  // The viewport is stretched to the page's height for the shot, so the fixed header sits at the top
  // instead of being drawn mid-page.
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
}

interface SavedSkill {
  id: number;
}

async function saveSkill(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<number> {
  const saved = await apiCall<SavedSkill>(request, 'POST', '/admin/skill/save', { token, data });
  expect(saved.code, saved.msg).toBe(1);
  return saved.data.id;
}

test('a user uses a skill from /skill: the answer follows its system prompt, the chat shows it, and the user favourites it', async ({ page, request }) => {
  // Sign-up, two conversations' worth of streaming and six screenshots.
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const unique = `Echo tutor ${Date.now().toString(36)}`;
  const hostile = '<img src=x onerror="window.__pwned=1">';
  const id = await saveSkill(request, token, {
    names: { zh: `回声导师 ${unique.slice(-6)}`, en: unique, ja: '', ko: '' },
    descriptions: { zh: `${hostile} 中文简介`, en: `${hostile} Repeats its instructions.`, ja: '', ko: '' },
    prompts: { zh: `${ECHO} 你是回声导师。`, en: `${ECHO} You are the echo tutor; answer in haiku.`, ja: '', ko: '' },
    starters: [{ zh: '开始吧', en: 'Begin the lesson', ja: '', ko: '' }],
    category: 'research',
    icon_emoji: '🦉',
    sort: 0,
  });

  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('skill'), 'secret123');
  await page.goto('/en/skill');
  await expect(page.getByTestId('skill-grid')).toBeVisible();
  await page.getByTestId('skill-search').fill(unique);
  const card = page.getByTestId(`skill-card-${id}`);
  await expect(card).toBeVisible();
  // Markup in a description is text on the page, never an element.
  await expect(card.getByTestId('skill-description')).toContainText('<img src=x onerror=');
  await expect(card.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await page.getByTestId('skill-search').fill('');
  await expect(page.getByTestId('skill-card-1')).toBeVisible();
  await shootBoth(page, 'skill-catalogue');

  await card.getByTestId('skill-favorite').click();
  await expect(card.getByTestId('skill-favorite')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('skill-tab-favorites').click();
  await expect(page.getByTestId('skill-grid').locator('article')).toHaveCount(1);
  await expect(page.getByTestId(`skill-card-${id}`)).toBeVisible();

  await page.getByTestId(`skill-card-${id}`).getByTestId('skill-use').click();
  await expect(page).toHaveURL(new RegExp(`/en/chat\\?skill=${id}$`));
  await expect(page.getByTestId('chat-skill')).toContainText(unique);
  await expect(page.getByTestId('chat-skill-welcome')).toBeVisible();
  await shootBoth(page, 'skill-chat-empty');
  await page.getByTestId('chat-starter-0').click();
  const answer = page.getByTestId('message-list').locator('.msg--assistant').last();
  await expect(answer).toContainText('You are the echo tutor; answer in haiku.');
  await expect(answer).toContainText('End of echo.');
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(page.getByTestId('chat-skill')).toContainText(unique);
  await shootBoth(page, 'skill-chat-answer');

  // Reloaded, the conversation still has its skill, and the next answer follows it too.
  await page.reload();
  await expect(page.getByTestId('chat-skill')).toContainText(unique);
  const used = await apiCall<{ use_count: number }>(request, 'GET', '/skill/detail', { params: { id: String(id) } });
  expect(used.data.use_count).toBe(1);

  // Turned off: a new chat with it says so clearly.
  await saveSkill(request, token, {
    id,
    names: { zh: '回声导师', en: unique, ja: '', ko: '' },
    descriptions: { zh: '简介', en: '', ja: '', ko: '' },
    prompts: { zh: ECHO, en: '', ja: '', ko: '' },
    category: 'research',
    icon_emoji: '🦉',
    enabled: false,
  });
  await page.goto(`/en/chat?skill=${id}`);
  await expect(page.getByTestId('chat-skill-unavailable')).toContainText('This skill does not exist or has been turned off');
  await page.getByTestId('chat-skill-leave').click();
  await expect(page.getByTestId('chat-empty')).toBeVisible();
});

test('/openvip/index_copy shows the plan table, and the admin layout setting switches /openvip', async ({ page, request }) => {
  // An admin sign-in, the antd settings form and two screenshots.
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const settings = await apiCall<Record<string, unknown>>(request, 'GET', '/admin/settings', { token });
  expect(settings.code, settings.msg).toBe(1);
  const layout = (value: 'cards' | 'table') => apiCall(request, 'POST', '/admin/settings', { token, data: { ...settings.data, openvip_layout: value } });
  try {
    await page.goto('/en/openvip/index_copy');
    const table = page.getByTestId('plan-table');
    await expect(table).toBeVisible();
    await expect(page.getByTestId('plan-row-price')).toBeVisible();
    await expect(table.locator('thead th')).not.toHaveCount(1);
    await expect(table.locator('tfoot button').first()).toBeVisible();
    await shootBoth(page, 'openvip-table');
    // On a phone the table scrolls inside its box; the page itself does not get wider.
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/en/openvip');
    await expect(page.getByTestId('openvip-page')).toBeVisible();
    await expect(page.getByTestId('plan-table')).toHaveCount(0);

    // The admin picks the table in Admin -> Settings.
    await page.goto('/en');
    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/en/admin/settings');
    await page.getByTestId('settings-openvip-layout').click();
    await page.getByText('Comparison table (/openvip/index_copy)').click();
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await apiCall<{ openvip_layout: string }>(request, 'GET', '/admin/settings', { token })).data.openvip_layout).toBe('table');
    await page.goto('/en/openvip');
    await expect(page.getByTestId('openvip-table-page')).toBeVisible();
    await page.getByTestId('openvip-cards-link').click();
    await expect(page.getByTestId('openvip-page')).toBeVisible();
    await expect(page.getByTestId('member-packages')).toBeVisible();
  } finally {
    await layout('cards');
  }
});

test('/uiec writes an AI use statement in the paper language', async ({ page }) => {
  await page.goto('/en/uiec');
  await expect(page.getByTestId('uiec-principles').locator('li')).toHaveCount(4);
  await page.getByTestId('uiec-tool').fill('Xueba');
  await page.getByTestId('uiec-task-translation').check();
  await expect(page.getByTestId('uiec-statement')).toHaveText(/used Xueba for language polishing and translation\./);
  await page.getByTestId('uiec-language').selectOption('zh');
  await expect(page.getByTestId('uiec-statement')).toContainText('作者使用了Xueba进行语言润色、翻译');
  await page.getByTestId('uiec-task-polishing').uncheck();
  await page.getByTestId('uiec-task-translation').uncheck();
  await expect(page.getByTestId('uiec-pick')).toBeVisible();
  await page.getByTestId('uiec-task-code').check();
  await shootBoth(page, 'uiec');
  await page.goto('/ja/uiec');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI の利用と研究公正');
});
