import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { AiSettings } from '@xueba/contract';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, signInWithPassword } from './support';

/** Admin → Models: the embedding model for hybrid document retrieval is one setting of the chat settings card. */
test('the admin sets and clears the embedding model for document retrieval', async ({ page, request }) => {
  const token = await adminToken(request);
  const before = await apiCall<AiSettings>(request, 'GET', '/admin/ai/settings', { token });
  expect(before.code, before.msg).toBe(1);
  try {
    await page.goto('/en');
    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/en/admin/models');
    const input = page.getByTestId('ai-embedding-model');
    await expect(input).toBeVisible();
    await expect(page.getByText('Embedding model for document retrieval')).toBeVisible();
    // No stored channel chosen: the env channel serves it.
    await expect(page.getByTestId('ai-embedding-channel')).toContainText('Env channel (AI_BASE_URL)');
    await input.fill('e2e-embed');
    await page.getByTestId('ai-settings-save').click();
    await expect.poll(async () => (await apiCall<AiSettings>(request, 'GET', '/admin/ai/settings', { token })).data.embedding_model).toBe('e2e-embed');
    await page.reload();
    await expect(page.getByTestId('ai-embedding-model')).toHaveValue('e2e-embed');
    mkdirSync('/tmp/shots', { recursive: true });
    await page.getByTestId('ai-embedding-model').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/admin-embedding.png' });
    await page.getByTestId('ai-embedding-model').fill('');
    await page.getByTestId('ai-settings-save').click();
    await expect.poll(async () => (await apiCall<AiSettings>(request, 'GET', '/admin/ai/settings', { token })).data.embedding_model).toBe('');
  } finally {
    // Other browser tests rely on keyword-only retrieval.
    await apiCall(request, 'POST', '/admin/ai/settings', { token, data: before.data });
  }
});
