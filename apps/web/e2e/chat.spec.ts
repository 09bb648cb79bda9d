import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, registerByEmail, uniqueEmail } from './support';

// The e2e server talks to the test suite's fake OpenAI-compatible upstream
// (scripts/e2e-server.mjs): every answer is E2E_AI_CHUNKS of playwright.config.ts,
// a formula and a table then slow filler, about 3.5 s in all.

async function userToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('app_token'));
  return (JSON.parse(raw ?? '{}') as { value: string }).value;
}

/** Sets a balance to zero through the admin API, as an operator would. */
async function drainConversations(request: APIRequestContext, token: string): Promise<void> {
  const info = await apiCall<{ id: number; balance: { conversation_count: number } }>(request, 'GET', '/user/info', { token });
  const admin = await adminToken(request);
  const delta = -info.data.balance.conversation_count;
  if (delta === 0) return;
  const body = await apiCall(request, 'POST', '/admin/user/adjustBalance', {
    token: admin,
    data: { user_id: info.data.id, asset: 'conversation_count', delta, reason: 'e2e: run out', idempotency_key: `e2e-drain-${Date.now()}` },
  });
  expect(body.code, body.msg).toBe(1);
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
}

test('ask, watch the answer stream with KaTeX, stop mid-stream, bookmark an answer and find it in favourites', async ({ page, request }) => {
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('chat'), 'chat1234');
  const before = await page.getByTestId('balance-conversation_count').locator('dd').textContent();
  await page.getByTestId('nav-chat').click();
  await expect(page.getByTestId('chat-empty')).toBeVisible();

  // Empty input is refused (spec §5) and nothing is sent.
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('message-user')).toHaveCount(0);

  await ask(page, 'What is mass-energy equivalence?');
  const first = page.getByTestId('message-assistant').first();
  // The formula arrives early and renders while the rest still streams.
  await expect(first.locator('.katex')).toBeVisible();
  await expect(first).toHaveAttribute('data-status', 'generating');
  await expect(first.locator('table td').first()).toHaveText('E');
  await page.getByTestId('chat-stop').click();
  await expect(first).toHaveAttribute('data-status', 'stopped');
  await expect(first.getByTestId('message-stopped')).toBeVisible();
  const partial = await first.getByTestId('message-content').textContent();
  expect(partial).toContain('The mass-energy relation is');
  expect(partial).not.toContain('The end.');
  await expect(page).toHaveURL(/\/chat\?id=\d+/);

  // After a reload the stopped answer is still there (kept on the server).
  await page.reload();
  await expect(page.getByTestId('message-assistant').first()).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('message-assistant').first().locator('.katex')).toBeVisible();

  await ask(page, 'Explain it again, please');
  const second = page.getByTestId('message-assistant').nth(1);
  await expect(second).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(second.getByTestId('message-content')).toContainText('The end.');
  // The sidebar balance follows the `end` event without a reload.
  await expect(page.getByTestId('balance-conversation_count').locator('dd')).not.toHaveText(before ?? '');

  await second.getByTestId('msg-favorite').click();
  await expect(second.getByTestId('msg-favorite')).toHaveAttribute('aria-pressed', 'true');

  // The conversation is listed under today and found by content search.
  await expect(page.getByTestId('conv-group-today')).toContainText('What is mass-energy');
  await page.getByTestId('conv-search').fill('again, please');
  await expect(page.getByTestId('conv-group-today').locator('li')).toHaveCount(1);

  await page.getByTestId('nav-collection').click();
  await expect(page.getByTestId('collection-page')).toBeVisible();
  const item = page.getByTestId('collection-list').locator('li').first();
  await expect(item).toContainText('Explain it again, please');
  await expect(item.locator('.katex')).toBeVisible();
  await page.getByTestId('collection-search').fill('no such words anywhere');
  await expect(page.getByTestId('collection-empty')).toBeVisible();
});

test('the offline channel says no model is connected and cites its sources', async ({ page, request }) => {
  await page.goto('/en');
  await registerByEmail(page, request, uniqueEmail('offline'), 'chat1234');
  await page.goto('/en/chat');
  await page.getByTestId('model-picker').selectOption('offline');
  await expect(page.getByTestId('model-picker')).toHaveValue('offline');
  // Passages quoted with their sources are not AI-generated text, and the page does not say they are.
  await expect(page.getByTestId('offline-disclaimer')).toBeVisible();
  await expect(page.getByTestId('ai-disclaimer')).toHaveCount(0);
  await ask(page, 'How are answers billed for members and word count?');
  const answer = page.getByTestId('message-assistant').first();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(answer.getByTestId('offline-badge')).toBeVisible();
  // Not an administrator: no link to the model settings.
  await expect(answer.getByTestId('offline-connect-model')).toHaveCount(0);
  await expect(answer.getByTestId('message-content')).toContainText('No AI model is connected');
  await expect(answer.getByTestId('message-sources')).toBeVisible();
  // The pick is remembered (spec §3 chat_model).
  expect(await page.evaluate(() => localStorage.getItem('app_chat_model'))).toContain('offline');
  await page.screenshot({ path: 'test-results/screens/chat-offline-en.png' });
});

test('running out of conversations opens the top-up dialog and keeps the question', async ({ page, request }) => {
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('broke'), 'chat1234');
  await drainConversations(request, await userToken(page));
  await page.goto('/chat');
  await ask(page, 'One more question');
  await expect(page.getByTestId('balance-dialog')).toBeVisible();
  await expect(page.getByTestId('balance-dialog')).toContainText('对话余额不足');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toHaveValue('One more question');
  await page.getByTestId('balance-dialog-ok').click();
  await expect(page.getByTestId('balance-dialog')).toBeHidden();
});

test('no markup from an answer or a question ever runs', async ({ page, request }) => {
  await page.goto('/');
  await registerByEmail(page, request, uniqueEmail('xss'), 'chat1234');
  await page.goto('/chat');
  await ask(page, '<img src=x onerror="window.__pwned=1"> [x](javascript:window.__pwned=2)');
  await expect(page.getByTestId('message-user')).toContainText('<img src=x onerror');
  await expect(page.getByTestId('message-assistant').first()).not.toHaveAttribute('data-status', 'generating', { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('regenerate, edit and resend, rename, export and delete a conversation', async ({ page, request }) => {
  await page.goto('/en');
  await registerByEmail(page, request, uniqueEmail('manage'), 'chat1234');
  await page.goto('/en/chat');
  await ask(page, 'First version of the question');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  await answer.getByTestId('msg-regenerate').click();
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  await page.getByTestId('msg-edit').click();
  await page.getByTestId('msg-edit-input').fill('Second version of the question');
  await page.getByTestId('msg-edit-send').click();
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user')).toContainText('Second version');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('message-user')).toContainText('Second version');

  const download = page.waitForEvent('download');
  await page.getByTestId('chat-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.md$/);

  const id = /id=(\d+)/.exec(page.url())?.[1];
  await page.getByTestId(`conv-rename-${id}`).click();
  await page.getByTestId('conv-rename-input').fill('Renamed conversation');
  await page.getByTestId('conv-rename-save').click();
  await expect(page.getByTestId(`conv-item-${id}`)).toHaveText('Renamed conversation');

  await page.getByTestId(`conv-delete-${id}`).click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page.getByTestId(`conv-item-${id}`)).toHaveCount(0);
  await expect(page.getByTestId('chat-empty')).toBeVisible();
});
