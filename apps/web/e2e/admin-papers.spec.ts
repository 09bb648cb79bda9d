import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, signInWithPassword } from './support';

// A real Semantic Scholar corpus sample (92 records) from the shared data set.
const SAMPLE = fileURLToPath(new URL('../../../../shared/data/papers/s2-sample/sample-S2-records.jsonl', import.meta.url));

test('the admin imports a corpus file and switches the search source', async ({ page, request }) => {
  await page.goto('/en');
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/en/admin/papers');
  const panel = page.getByTestId('papers-admin');
  await expect(panel).toBeVisible();

  await page.locator('.papers-admin__import input[type="file"]').setInputFiles(SAMPLE);
  await expect(page.getByText('sample-S2-records.jsonl')).toBeVisible();
  await page.getByTestId('paper-import-run').click();
  const result = page.getByTestId('paper-import-result');
  await expect(result).toContainText(/\d+ added, \d+ updated/, { timeout: 30_000 });
  await expect(result).toContainText('sample-S2-records.jsonl');
  await page.screenshot({ path: '/tmp/shots/admin-papers.png', fullPage: true });
  const token = await adminToken(request);
  const before = await apiCall<{ local_count: number; source: string }>(request, 'GET', '/admin/paper/source', { token });
  expect(before.data.local_count).toBeGreaterThanOrEqual(90);
  await expect(panel.getByText(`Local corpus (${before.data.local_count} papers)`)).toBeVisible();

  try {
    await page.getByRole('radio', { name: 'OpenAlex', exact: true }).check();
    await page.getByTestId('paper-source-save').click();
    await expect.poll(async () => (await apiCall<{ source: string }>(request, 'GET', '/admin/paper/source', { token })).data.source).toBe('openalex');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'OpenAlex', exact: true })).toBeChecked();
  } finally {
    // The other browser tests search with the source they started with (the merged default).
    await apiCall(request, 'POST', '/admin/paper/source', { token, data: { source: before.data.source } });
  }
});
