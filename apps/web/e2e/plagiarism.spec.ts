import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, registerByEmail, settled, uniqueEmail } from './support';

// The plagiarism check in the browser: a text made of two corpus abstracts and a quotation of a third is
// checked; the report finds both sources, marks the quotation green and leaves it out of the
// quote-excluded ratio; the list keeps the report across a reload; a supervisor opens the shared link
// without signing in, and a revoked link stops working. The e2e server seeds no corpus: the papers are
// imported here through the admin import endpoint. Screenshots go to /work/wt/shots (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots';

const PAPERS = [
  {
    _id: 'e2e-plag-soil',
    title: 'Cover crops and soil organic carbon on working farms',
    text: 'We measured soil organic carbon on forty working farms over three growing seasons and compared fields planted with winter cover crops to fields left bare. Cover cropped fields gained carbon steadily, with the largest gains on clay soils and under mixtures of legumes and cereals, while bare fields lost carbon in wet years.',
  },
  {
    _id: 'e2e-plag-bridges',
    title: 'Fatigue cracking in welded steel bridge decks',
    text: 'Orthotropic steel bridge decks develop fatigue cracks at the welds joining ribs to the deck plate. Using strain gauges on three highway bridges and finite element models calibrated against them, we show that heavy trucks in the slow lane cause most of the damage and that thicker deck plates delay crack initiation by decades.',
  },
  {
    _id: 'e2e-plag-sleep',
    title: 'Screen time and sleep quality in university students',
    text: 'A survey of two thousand university students found that more than two hours of screen use after ten in the evening was associated with later sleep onset, shorter sleep, and poorer self reported sleep quality, even after adjusting for caffeine, course load and part time work.',
  },
];
const [SOIL, BRIDGES, SLEEP] = PAPERS as [(typeof PAPERS)[number], (typeof PAPERS)[number], (typeof PAPERS)[number]];

const CHECKED = [
  '# Farming, bridges and sleep',
  'This essay brings together studies from unrelated fields, first in words of our own.',
  '',
  '## 1 Soil',
  SOIL.text,
  '',
  '## 2 Bridges',
  BRIDGES.text,
  '',
  '## 3 Sleep',
  `As one survey put it, “${SLEEP.text}” We agree with this finding.`,
].join('\n');

async function seed(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const response = await request.post('/api/admin/paper/import', {
    headers: { token },
    multipart: { file: { name: 'plagiarism-e2e.jsonl', mimeType: 'application/json', buffer: Buffer.from(PAPERS.map((p) => JSON.stringify({ ...p, metadata: {} })).join('\n')) } },
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(1);
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/plag-${name}.png`, fullPage: true });
}

const ratio = async (page: Page, id: string) => Number((await page.getByTestId(id).textContent())!.replace('%', ''));

test.beforeAll(async ({ request }) => {
  await seed(request);
});

test('checks a text of two corpus abstracts and a quotation: both sources found, the quote green and left out of the quote-excluded ratio; shared and revoked', async ({ page, browser }) => {
  // Sign-up, the check, a reload and a second browser context: longer than the default on a shared machine.
  test.setTimeout(240_000);
  await page.goto('/en');
  await registerByEmail(page, page.request, uniqueEmail('plag'), 'plag1234');

  // Linked from the sidebar and the app home.
  await page.goto('/en/app');
  await page.getByTestId('app-card-plagiarism').click();
  await expect(page).toHaveURL(/\/en\/paper\/check$/);
  await expect(page.getByTestId('plag-form')).toBeVisible();

  // An empty text is refused under the field.
  await page.getByTestId('plag-submit').click();
  await expect(page.getByTestId('plag-text-error')).toHaveText('Paste the text to check or upload a file');

  await page.getByTestId('plag-text').fill(CHECKED);
  await page.getByTestId('plag-scope-library').uncheck();
  await expect(page.getByTestId('plag-price')).toContainText('Price: 100 words');
  await shot(page, 'submit');
  await page.getByTestId('plag-submit').click();
  await expect(page).toHaveURL(/\/en\/paper\/check\/\d+$/);

  const report = page.getByTestId('plag-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  const sources = page.getByTestId('plag-source');
  await expect(sources.filter({ hasText: SOIL.title })).toHaveCount(1);
  await expect(sources.filter({ hasText: BRIDGES.title })).toHaveCount(1);
  await expect(sources.filter({ hasText: SLEEP.title })).toHaveCount(1);

  // The quotation is green in the full text and its passage is labelled quoted; copied words are red.
  const full = page.getByTestId('plag-full-text');
  await expect(full.locator('mark.plag-green')).toContainText(SLEEP.text.slice(0, 60));
  await expect(full.locator('mark.plag-red').first()).toBeVisible();
  const quotedPassage = page.getByTestId('plag-passage').filter({ hasText: SLEEP.title });
  await expect(quotedPassage).toContainText('Quoted');
  await expect(quotedPassage.locator('mark.plag-green')).toBeVisible();
  await expect(page.getByTestId('plag-passage').filter({ hasText: SOIL.title }).locator('mark.plag-red').first()).toBeVisible();

  const total = await ratio(page, 'plag-ratio-total');
  const withoutQuotes = await ratio(page, 'plag-ratio-quotes');
  expect(total).toBeGreaterThan(60);
  expect(withoutQuotes).toBeLessThan(total - 15);
  expect(withoutQuotes).toBeGreaterThan(40);
  await shot(page, 'report');

  // The list keeps the finished report across a reload.
  await page.goto('/en/paper/check');
  await page.reload();
  const row = page.getByTestId('plag-row').first();
  await expect(row).toHaveAttribute('data-status', 'done');
  await expect(row.getByTestId('plag-row-ratio')).toHaveText(`${total.toFixed(1)}%`);
  await shot(page, 'list');

  // Shared with a supervisor, who reads it without signing in; then revoked.
  await row.getByRole('link').click();
  await page.getByTestId('plag-share').click();
  await page.getByTestId('plag-share-make').click();
  const url = await page.getByTestId('plag-share-url').inputValue();
  expect(url).toMatch(/\/en\/paper\/check\/shared\?token=[A-Za-z0-9_-]{16,}$/);
  const supervisor = await browser.newContext();
  const view = await supervisor.newPage();
  await view.goto(url);
  await expect(view.getByTestId('plag-report')).toBeVisible();
  await expect(view.getByTestId('plag-source').filter({ hasText: BRIDGES.title })).toHaveCount(1);
  await shot(view, 'shared');
  await page.getByTestId('plag-share-revoke').click();
  await view.reload();
  await expect(view.getByTestId('plag-shared-error')).toContainText('not valid or has been revoked');
  await supervisor.close();
});
