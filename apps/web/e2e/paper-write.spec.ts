import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, apiCall, registerByEmail, settled, uniqueEmail } from './support';

// Paper writing on the offline default (no model): a project from a topic, five
// sources kept from the paper search's suggestions, the kind's outline edited,
// sections filled with labelled extracts, one section rewritten by hand (a
// citation outside the bibliography is refused in place), progress kept across a
// reload, and a DOCX export whose headings and reference list are read back from
// word/document.xml. Screenshots (desktop and 375 px phone) go to SHOTS_DIR.

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots';
const CORPUS = new URL('../../server/corpus/starter-papers.jsonl.gz', import.meta.url);

interface AclRecord {
  id: string;
  title: string;
}
interface AiSettings {
  default_model: string;
  [key: string]: unknown;
}

/** 30 ACL 2021 machine translation papers of the starter corpus, imported as the admin does (the e2e server starts empty). */
function sample(): AclRecord[] {
  const lines = gunzipSync(fs.readFileSync(CORPUS)).toString('utf8').split('\n').filter((line) => line.startsWith('{"id":"2021.acl-'));
  return lines
    .map((line) => JSON.parse(line) as AclRecord)
    .filter((r) => /translation/i.test(r.title))
    .slice(0, 30);
}

async function seed(request: APIRequestContext, token: string): Promise<void> {
  const records = sample();
  const response = await request.post('/api/admin/paper/import', {
    headers: { token },
    multipart: { file: { name: 'acl2021-mt.jsonl', mimeType: 'application/json', buffer: Buffer.from(records.map((r) => JSON.stringify(r)).join('\n')) } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { inserted: number; updated: number } };
  expect(body.code, body.msg).toBe(1);
  expect(body.data.inserted + body.data.updated).toBe(records.length);
}

/**
 * The e2e server's default model is a fake upstream (scripts/e2e-server.mjs);
 * this file is about the embedded default with no model, so the default model
 * is switched to the offline channel and restored afterwards (as doc.spec.ts does).
 */
let savedSettings: AiSettings | null = null;

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  await seed(request, token);
  const current = await apiCall<AiSettings>(request, 'GET', '/admin/ai/settings', { token });
  expect(current.code, current.msg).toBe(1);
  savedSettings = current.data;
  const saved = await apiCall<AiSettings>(request, 'POST', '/admin/ai/settings', { token, data: { ...current.data, default_model: 'offline' } });
  expect(saved.code, saved.msg).toBe(1);
});

test.afterAll(async ({ request }) => {
  if (!savedSettings) return;
  const token = await adminToken(request);
  await apiCall(request, 'POST', '/admin/ai/settings', { token, data: savedSettings });
});

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/pw-web-${name}.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/pw-web-${name}-phone.png`, fullPage: true });
  // Nothing may stick out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the phone layout scrolls sideways`).toBeLessThanOrEqual(1);
  if (size) await page.setViewportSize(size);
  await settled(page);
}

test('write a short paper from a topic with 5 sources offline, edit a section, export DOCX', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/en');
  await registerByEmail(page, page.request, uniqueEmail('writer'), 'write1234');

  // The app home and the sidebar lead here.
  await page.goto('/en/app');
  await page.getByTestId('app-card-writing').click();
  await expect(page).toHaveURL(/\/en\/paper\/write$/);
  await expect(page.getByTestId('pw-projects-empty')).toBeVisible();
  await expect(page.getByTestId('pw-offline')).toContainText('a model would write the prose');

  // A new project: the title alone is refused without a valid length, then accepted.
  await page.getByTestId('pw-title').fill('Neural machine translation: a short review');
  await page.getByTestId('pw-topic').fill('neural machine translation');
  await page.getByTestId('pw-kind').selectOption('review');
  await page.getByTestId('pw-language').selectOption('en');
  await page.getByTestId('pw-target').fill('50');
  await page.getByTestId('pw-submit').click();
  await expect(page.getByTestId('pw-target-error')).toContainText('between 300 and 200000');
  await page.getByTestId('pw-target').fill('1200');
  await shot(page, 'projects-new');
  await page.getByTestId('pw-submit').click();
  await expect(page).toHaveURL(/\/en\/paper\/write\/\d+/);
  await expect(page.getByTestId('pw-project-title')).toHaveText('Neural machine translation: a short review');
  await expect(page.getByTestId('pw-offline')).toBeVisible();

  // Step 1: the search proposes papers for the topic; keep five.
  await expect(page.getByTestId('pw-step-sources')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pw-suggestion').first()).toBeVisible();
  const titles: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const title = (await page.getByTestId('pw-suggestion').filter({ has: page.getByTestId('pw-keep') }).first().getByTestId('pw-suggestion-title').textContent()) ?? '';
    titles.push(title);
    const row = page.getByTestId('pw-suggestion').filter({ has: page.getByTestId('pw-suggestion-title').getByText(title, { exact: true }) });
    await row.getByTestId('pw-keep').click();
    await expect(row.getByTestId('pw-suggestion-kept')).toBeVisible();
    await expect(page.getByTestId('pw-source')).toHaveCount(i + 1);
  }
  for (const [i, title] of titles.entries()) await expect(page.getByTestId('pw-source').nth(i)).toContainText(title.slice(0, 40));
  // Remove the fifth and keep it again from a search: the bibliography renumbers and refills.
  await page.getByTestId('pw-source').nth(4).getByTestId('pw-source-remove').click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(page.getByTestId('pw-source')).toHaveCount(4);
  await page.getByTestId('pw-add-search').click();
  await page.getByTestId('pw-search-input').fill(titles[4]!.split(/\s+/).slice(0, 5).join(' '));
  await page.getByTestId('pw-search-submit').click();
  await page.getByTestId('pw-suggestion').filter({ hasText: titles[4]! }).getByTestId('pw-keep').click();
  await expect(page.getByTestId('pw-source')).toHaveCount(5);
  await shot(page, 'sources');

  // Step 2: the review's usual outline is there; rename a section and add one (saved by itself).
  await page.getByTestId('pw-next').click();
  await expect(page.getByTestId('pw-step-outline')).toHaveAttribute('aria-selected', 'true');
  const nodes = page.getByTestId('pw-node');
  await expect(nodes.first()).toBeVisible();
  const before = await nodes.count();
  await page.getByTestId('pw-node-heading').first().fill('Introduction and scope');
  await page.getByTestId('pw-outline-add').click();
  await expect(nodes).toHaveCount(before + 1);
  await page.getByTestId('pw-node-heading').last().fill('Open problems');
  await expect(page.getByTestId('pw-outline-save')).toHaveText('Saved', { timeout: 15_000 });
  // Saved by itself: a reload shows the edited outline.
  await page.reload();
  await expect(page.getByTestId('pw-node-heading').first()).toHaveValue('Introduction and scope');
  await expect(page.getByTestId('pw-node-heading').last()).toHaveValue('Open problems');
  await shot(page, 'outline');

  // Step 3: fill the first sections with extracts; they are labelled and cite the bibliography.
  await page.getByTestId('pw-next').click();
  await expect(page.getByTestId('pw-step-draft')).toHaveAttribute('aria-selected', 'true');
  const toc = page.getByTestId('pw-toc-item');
  await expect(toc.first()).toContainText('Introduction and scope');
  await expect(toc.last()).toContainText('Open problems');
  for (let i = 0; i < 3; i += 1) {
    await toc.nth(i).click();
    await page.getByTestId('pw-extract').click();
    await expect(page.getByTestId('pw-extract-label')).toBeVisible();
    await expect(page.getByTestId('pw-section-text').locator('a[href^="#pw-ref-"]').first()).toBeVisible();
    await expect(toc.nth(i).getByTestId('pw-toc-status')).toHaveText('Extracts');
  }
  await expect(page.getByTestId('pw-progress')).toContainText('3 / ');
  await shot(page, 'draft-extracts');

  // Edit the first section by hand: a citation outside the bibliography cannot be saved.
  await toc.first().click();
  await page.getByTestId('pw-edit').click();
  await page.getByTestId('pw-editor').fill('Neural machine translation replaced phrase-based systems [1]. A made-up claim [42].');
  await expect(page.getByTestId('pw-editor-invalid')).toContainText('[42]');
  await expect(page.getByTestId('pw-save')).toBeDisabled();
  const own = 'Neural machine translation replaced phrase-based systems [1], and later work refined its attention [2].';
  await page.getByTestId('pw-editor').fill(own);
  await expect(page.getByTestId('pw-editor-invalid')).toBeHidden();
  await page.getByTestId('pw-save').click();
  await expect(page.getByTestId('pw-section-text')).toContainText('Neural machine translation replaced phrase-based systems');
  await expect(page.getByTestId('pw-section-text').locator('a[href="#pw-ref-2"]')).toHaveText('[2]');
  await expect(page.getByTestId('pw-section-status')).toHaveText('Written');

  // Progress survives a reload: same step, same section, same text.
  await page.reload();
  await expect(page.getByTestId('pw-step-draft')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pw-section-text')).toContainText('later work refined its attention');
  await expect(toc.nth(1).getByTestId('pw-toc-status')).toHaveText('Extracts');
  await shot(page, 'draft-edited');

  // Export DOCX: the headings of the outline and the five references are in the document.
  const download = page.waitForEvent('download');
  await page.getByTestId('pw-export-docx').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.docx$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  const xml = strFromU8(zip['word/document.xml']!);
  const text = xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
  expect(xml).toMatch(/w:pStyle w:val="Heading1"/);
  expect(text).toContain('Introduction and scope');
  expect(text).toContain('Open problems');
  expect(text).toContain('Neural machine translation replaced phrase-based systems');
  for (const title of titles) expect(text).toContain(title.slice(0, 30));

  // The project is on the list with its progress.
  await page.getByTestId('pw-back').click();
  await expect(page.getByTestId('pw-project')).toHaveCount(1);
  await expect(page.getByTestId('pw-project')).toContainText('5 sources');
  await shot(page, 'projects-list');
});
