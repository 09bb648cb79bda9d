import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, chooseAntdOption, openAdminUser, registerByEmail, sharedData, signInWithPassword, signOut, uniqueEmail } from './support';

// A real two-column paper from the shared data set (Ammar et al., NAACL 2018, 8 pages).
const PAPER = sharedData('documents', 'pdf', 'naacl2018_N18-3011.pdf');
const SCAN = sharedData('documents', 'pdf-scanned', 'textract_ocr_text-asx-announcement.pdf');
const SHOTS = '/tmp/shots/doc';
const PASSWORD = 'user1234';

interface AiSettings {
  default_model: string;
  [key: string]: unknown;
}

/**
 * The e2e server's model is a fake upstream that answers every question with
 * the same canned text and no citations; document answers are tested on the
 * offline channel (best passages, cited [n] with their page), so the default
 * model is switched to it for this file and restored afterwards.
 */
let savedSettings: AiSettings | null = null;

async function useOfflineChannel(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const current = await apiCall<AiSettings>(request, 'GET', '/admin/ai/settings', { token });
  expect(current.code, current.msg).toBe(1);
  savedSettings = current.data;
  const saved = await apiCall<AiSettings>(request, 'POST', '/admin/ai/settings', { token, data: { ...current.data, default_model: 'offline' } });
  expect(saved.code, saved.msg).toBe(1);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The administrator grants a membership kind through the user drawer of the admin area. */
async function grantThroughAdmin(page: Page, email: string, kindLabel: RegExp): Promise<void> {
  await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openAdminUser(page, email);
  await chooseAntdOption(page, 'grant-kind', kindLabel);
  await page.getByTestId('grant-months').fill('3');
  await page.getByTestId('grant-submit').click();
  await expect(page.getByTestId('admin-membership-research_report')).toContainText('VIP');
  // Closed by its button: Escape only reaches the drawer while the focus is inside it.
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(page.getByTestId('admin-user-detail')).toBeHidden();
  await signOut(page);
}

test.describe('documents', () => {
  test.beforeAll(async ({ request }) => {
    await useOfflineChannel(request);
  });

  test.afterAll(async ({ request }) => {
    if (!savedSettings) return;
    const token = await adminToken(request);
    await apiCall(request, 'POST', '/admin/ai/settings', { token, data: savedSettings });
  });

  test('a granted member uploads a two-column paper, asks it, and a citation shows the passage on its page', async ({ page, request }) => {
    test.setTimeout(180_000);
    // No call of the whole flow may fail on the server side.
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 500 || (response.url().includes('/api/') && response.status() === 404)) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // Navigations abort pending calls (ERR_ABORTED): that is the browser, not a failure.
      if (request.url().includes('/api/') && request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${request.failure()?.errorText ?? ''} ${request.url()}`);
    });
    const email = uniqueEmail('doc');
    await page.goto('/');
    await registerByEmail(page, request, email, PASSWORD);

    // Without the membership: the spec's sentence and the way to become one.
    await page.goto('/doc/manage');
    await expect(page.getByTestId('doc-not-member')).toContainText('您还不是会员，请先开通会员');
    await expect(page.getByTestId('doc-become-member')).toHaveAttribute('href', /\/doc\/openvip\?type=research_report$/);
    await signOut(page);

    await grantThroughAdmin(page, email, /^研究报告$|^Research reports?$/);

    await signInWithPassword(page, email, PASSWORD);
    await page.goto('/doc/manage');
    await expect(page.getByTestId('doc-membership-research_report')).toHaveAttribute('data-active', 'true');

    // Upload through the picker; the row follows the server from processing to complete without a reload.
    await page.getByTestId('doc-file-input').setInputFiles(PAPER);
    await expect(page.getByTestId('doc-upload-row').first()).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    const row = page.getByTestId('doc-row').filter({ hasText: 'naacl2018_N18-3011' });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'complete', { timeout: 90_000 });
    await expect(row.getByTestId('doc-status')).toHaveText(/已完成/);
    await expect(row).toContainText('8');
    await expect(page.getByTestId('doc-quota-figures')).not.toContainText('0 B /');
    await shot(page, 'manage');

    // Open it: the viewer on the left (pdf.js), the Q&A with the interpretation on the right.
    // The PDF is a private file: pdf.js reads it through a short-lived signed URL, never cached.
    const fileResponse = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/files/private/'));
    await row.getByTestId('doc-open').click();
    await expect(page).toHaveURL(/\/doc\/details\?id=\d+$/);
    const docId = new URL(page.url()).searchParams.get('id');
    await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-pages', '8', { timeout: 30_000 });
    const file = await fileResponse;
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toBe('private, no-store');
    const unsigned = await request.get(new URL(file.url()).pathname);
    expect(unsigned.status()).toBe(403);
    await expect(page.locator('[data-testid="pdf-page"][data-page="1"]')).toHaveAttribute('data-rendered', 'true');
    await expect(page.getByTestId('doc-interpretation')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('doc-suggestion')).toHaveCount(3);
    await shot(page, 'details-open');

    // Ask; the offline channel answers with the best passages, each cited [n] with its page.
    await page.getByTestId('doc-question-input').fill('What is the literature graph and how many nodes does it have?');
    await page.getByTestId('doc-ask').click();
    const answer = page.getByTestId('doc-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(answer.getByTestId('doc-citations')).toBeVisible();
    const chip = answer.getByTestId('doc-answer-content').locator('a[href="#doc-cite-1"]').first();
    await expect(chip).toBeVisible();
    const first = answer.getByTestId('doc-citation-item').first();
    const where = (await first.locator('.doc-cites__where').textContent()) ?? '';
    const page1 = Number(/(\d+)\s*页/.exec(where)?.[1] ?? where.match(/(\d+)\s*$/)?.[1]);
    expect(page1, `page of citation [1] in "${where}"`).toBeGreaterThan(0);

    // Click [1]: that page is the target, scrolled into view, with the passage marked in its text layer.
    await chip.click();
    const target = page.locator(`[data-testid="pdf-page"][data-page="${page1}"]`);
    await expect(target).toHaveClass(/is-target/);
    await expect(target.locator('.doc-hl').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.pdf-page.is-target')).toHaveCount(1);
    const marked = (await target.locator('.doc-hl').allTextContents()).join('');
    const cited = (await first.locator('.doc-cites__text').textContent()) ?? '';
    const squash = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
    expect(squash(cited)).toContain(squash(marked).slice(0, 30));
    await shot(page, 'details-highlight');

    // History per document: a new conversation starts empty; the earlier one comes back from the list.
    await page.getByTestId('doc-new-chat').click();
    await expect(page.getByTestId('doc-answer')).toHaveCount(0);
    await page.getByTestId('doc-history').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect(page.getByTestId('doc-answer')).toHaveCount(1);
    await expect(page.getByTestId('doc-answer').first().getByTestId('doc-citations')).toBeVisible();

    // The same document on a phone-sized screen: the desktop page becomes /doc/h5 with the same query.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page).toHaveURL(new RegExp(`/doc/h5\\?id=${docId}$`));
    await expect(page.getByTestId('doc-answer').first()).toBeVisible();
    await shot(page, 'h5-qa');
    // On the phone a citation switches to the document pane, at the cited page, with the passage marked.
    await page.getByTestId('doc-answer').last().getByTestId('doc-answer-content').locator('a[href="#doc-cite-1"]').first().click();
    await expect(page.getByTestId('pdf-viewer')).toBeVisible();
    await expect(page.locator(`[data-testid="pdf-page"][data-page="${page1}"] .doc-hl`).first()).toBeVisible({ timeout: 15_000 });
    await shot(page, 'h5-doc');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The membership entry shows the granted membership and leads to the purchase page.
    await page.goto('/doc/openvip');
    await expect(page.getByTestId('doc-vip-research_report')).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('doc-vip-literature')).toHaveAttribute('data-active', 'false');
    await expect(page.getByTestId('doc-vip-buy-literature')).toHaveAttribute('href', /\/openvip\?kind=literature$/);
    await shot(page, 'openvip');
    expect(failures).toEqual([]);
  });

  test('refusals (eleven files in the browser, an .exe named .pdf by the server), text view, several documents, bookmark, rename and delete', async ({ page, request }) => {
    const email = uniqueEmail('docbad');
    await page.goto('/');
    await registerByEmail(page, request, email, PASSWORD);
    const token = await adminToken(request);
    const users = await apiCall<{ lists: { id: number; email: string | null }[] }>(request, 'GET', '/admin/users', { token, params: { keyword: email } });
    const userId = users.data.lists.find((u) => u.email === email)?.id;
    expect(userId).toBeTruthy();
    const granted = await apiCall(request, 'POST', '/admin/user/membership', { token, data: { user_id: userId, kind: 'research_report', level: 'vip', months: 1 } });
    expect(granted.code, granted.msg).toBe(1);
    await page.goto('/doc/manage');
    await expect(page.getByTestId('doc-membership-research_report')).toHaveAttribute('data-active', 'true');

    const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`Notes ${name}\n`) });
    await page.getByTestId('doc-file-input').setInputFiles(Array.from({ length: 11 }, (_, i) => text(`note-${i + 1}.txt`)));
    await expect(page.getByTestId('doc-upload-refusal')).toHaveText('文件过多，最多10个');
    await expect(page.getByTestId('doc-upload-row')).toHaveCount(0);

    // A Windows executable renamed .pdf: the browser lets it through by name, the server refuses it by content.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(2048, 0x41)]);
    await page.getByTestId('doc-file-input').setInputFiles([
      { name: 'setup.pdf', mimeType: 'application/pdf', buffer: exe },
      { name: 'fine.md', mimeType: 'text/markdown', buffer: Buffer.from('# Fine\n\nA small Markdown note that parses.\n') },
      { name: 'harbour.txt', mimeType: 'text/plain', buffer: Buffer.from('Harbour log\n\nThe lighthouse keeper counted forty ships in the harbour on Tuesday.\n') },
    ]);
    const bad = page.getByTestId('doc-upload-row').filter({ hasText: 'setup.pdf' });
    await expect(bad).toHaveAttribute('data-state', 'failed');
    await expect(bad.getByTestId('doc-upload-error')).toHaveText(/仅支持|不允许/);
    await expect(page.getByTestId('doc-upload-row').filter({ hasText: 'fine.md' })).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('doc-row').filter({ hasText: 'fine' })).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
    await expect(page.getByTestId('doc-row').filter({ hasText: 'setup' })).toHaveCount(0);

    // A text document opens in the text view; its citation marks the passage there.
    await page.getByTestId('doc-row').filter({ hasText: 'fine' }).getByTestId('doc-open').click();
    await expect(page.getByTestId('text-viewer')).toContainText('A small Markdown note that parses.');
    await page.getByTestId('doc-question-input').fill('Which Markdown note parses?');
    await page.getByTestId('doc-question-input').press('Enter');
    const answer = page.getByTestId('doc-answer').last();
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await answer.getByTestId('doc-answer-content').locator('a[href="#doc-cite-1"]').first().click();
    await expect(page.getByTestId('viewer-highlight')).toContainText('Markdown note');
    await shot(page, 'details-text');

    // Two documents asked together: the answer cites the one that holds the passage, and its citation opens that document.
    await page.goto('/doc/manage');
    await expect(page.getByTestId('doc-row').filter({ hasText: 'harbour' })).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
    for (const name of ['fine', 'harbour']) await page.getByTestId('doc-row').filter({ hasText: name }).locator('input[type="checkbox"]').check();
    await page.getByTestId('doc-ask-selected').click();
    await expect(page).toHaveURL(/\/doc\/chat\?ids=\d+,\d+$/);
    await expect(page.getByTestId('doc-multi-hint')).toBeVisible();
    await page.getByTestId('doc-question-input').fill('How many ships did the lighthouse keeper count?');
    await page.getByTestId('doc-ask').click();
    const both = page.getByTestId('doc-answer').last();
    await expect(both).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(both.getByTestId('doc-citation-item').first()).toContainText('harbour');
    await both.getByTestId('doc-citation-item').first().click();
    await expect(page.getByTestId('viewer-highlight')).toContainText('forty ships');

    // Bookmarked answers go to the shared favourites.
    await both.getByTestId('doc-favorite').click();
    await expect(both.getByTestId('doc-favorite')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/user/collection');
    await expect(page.locator('body')).toContainText('How many ships did the lighthouse keeper count?');

    // The list in English.
    await page.goto('/en/doc/manage');
    await expect(page.getByTestId('doc-row')).toHaveCount(2);
    await expect(page.getByTestId('doc-status').first()).toHaveText(/Complete/);
    await shot(page, 'manage-en');

    // Rename, then delete with confirmation.
    await page.getByTestId('doc-row').filter({ hasText: 'fine' }).getByTestId('doc-rename').click();
    await page.getByTestId('doc-rename-input').fill('Renamed note.md');
    await page.getByTestId('doc-rename-save').click();
    await expect(page.getByTestId('doc-row').filter({ hasText: 'Renamed note.md' })).toBeVisible();
    await page.getByTestId('doc-row').filter({ hasText: 'harbour' }).getByTestId('doc-delete').click();
    await page.getByTestId('doc-delete-confirm').click();
    await expect(page.getByTestId('doc-row')).toHaveCount(1);

    // The mobile list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/doc/h5');
    await expect(page.getByTestId('doc-row')).toHaveCount(1);
    await shot(page, 'h5-list');
  });

  test('a scanned PDF is read by OCR, and a citation draws the passage\'s box on the page image', async ({ page, request }) => {
    test.setTimeout(300_000);
    const email = uniqueEmail('docscan');
    await page.goto('/');
    await registerByEmail(page, request, email, PASSWORD);
    const token = await adminToken(request);
    const users = await apiCall<{ lists: { id: number; email: string | null }[] }>(request, 'GET', '/admin/users', { token, params: { keyword: email } });
    const userId = users.data.lists.find((u) => u.email === email)?.id;
    const granted = await apiCall(request, 'POST', '/admin/user/membership', { token, data: { user_id: userId, kind: 'research_report', level: 'vip', months: 1 } });
    expect(granted.code, granted.msg).toBe(1);
    await page.goto('/doc/manage');
    await page.getByTestId('doc-file-input').setInputFiles(SCAN);
    const row = page.getByTestId('doc-row').filter({ hasText: 'textract_ocr_text' });
    // Three scanned pages through OCR: seconds each on two cores, longer when the machine is busy.
    await expect(row).toHaveAttribute('data-status', 'complete', { timeout: 240_000 });
    await row.getByTestId('doc-open').click();
    await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-pages', '3', { timeout: 30_000 });
    await page.getByTestId('doc-question-input').fill('When is the annual general meeting of shareholders held?');
    await page.getByTestId('doc-ask').click();
    const answer = page.getByTestId('doc-answer').last();
    await expect(answer.getByTestId('doc-citations')).toBeVisible({ timeout: 60_000 });
    await answer.getByTestId('doc-citation-item').first().click();
    // The page is an image: no text layer to mark, so the passage's box, as OCR found it, is drawn over it.
    const box = page.locator('.pdf-page.is-target [data-testid="cited-box"]');
    await expect(box).toBeVisible();
    await expect(page.getByTestId('viewer-passage-missing')).toHaveCount(0);
    const pageBox = await page.locator('.pdf-page.is-target').boundingBox();
    const cited = await box.boundingBox();
    expect(pageBox && cited).toBeTruthy();
    // On the page, around the text (the scan's margins stay outside it).
    expect(cited!.x).toBeGreaterThan(pageBox!.x);
    expect(cited!.y).toBeGreaterThanOrEqual(pageBox!.y);
    expect(cited!.x + cited!.width).toBeLessThan(pageBox!.x + pageBox!.width);
    expect(cited!.y + cited!.height).toBeLessThanOrEqual(pageBox!.y + pageBox!.height + 1);
    expect(cited!.width * cited!.height).toBeGreaterThan(0);
    await shot(page, 'scan-cited-box');
  });
});
