import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, apiCall, registerByEmail, settled, uniqueEmail } from './support';

// Mind maps in the browser: a pasted outline becomes a map, the mind-elixir
// editor changes it (add, drag, undo, note and link), autosave keeps it across
// a reload, XMind and Markdown exports download and the XMind file imports back
// to the same tree; a second tab's save is never overwritten; the topic source
// says honestly when no model can write it; a chat answer's button makes its map. Screenshots go to /work/wt/shots
// (SHOTS_DIR) for review, desktop and 390 px phone.

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots';

interface Tree {
  topic: string;
  note?: string;
  link?: string;
  children: Tree[];
}

const OUTLINE = ['# Thesis plan', '## Methods', '- Survey', '- Interviews', '## Results', '- Tables', '## 讨论 🌱', '- 局限'].join('\n');

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/mm-web-${name}.png` });
}

async function phoneShot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, `${name}-phone`);
  if (size) await page.setViewportSize(size);
  await settled(page);
}

async function userToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('app_token'));
  return (JSON.parse(raw ?? '{}') as { value: string }).value;
}

async function storedTree(page: Page, id: number): Promise<{ tree: Tree; revision: number }> {
  const body = await apiCall<{ tree: Tree; revision: number }>(page.request, 'GET', '/mindmap/detail', { token: await userToken(page), params: { id: String(id) } });
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

function mapId(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}

function node(canvas: Locator, text: string): Locator {
  return canvas.locator('me-tpc').filter({ hasText: new RegExp(`^${text}$`) });
}

const titles = (t: Tree): string[] => t.children.map((c) => c.topic);
const shape = (t: Tree): unknown => ({ topic: t.topic, note: t.note, link: t.link, children: t.children.map(shape) });

async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('mm-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
}

async function dragOnto(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('node not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
}

async function signUp(page: Page, prefix: string): Promise<void> {
  await page.goto('/en');
  await registerByEmail(page, page.request, uniqueEmail(prefix), 'mind1234');
}

test('a pasted outline becomes a map; add, drag, undo, notes, reload; XMind and Markdown export; XMind import gives the same tree', async ({ page }) => {
  await signUp(page, 'mind');
  await page.goto('/en/app/mind_map');
  await expect(page.getByTestId('mm-empty')).toBeVisible();
  await shot(page, 'empty');
  await phoneShot(page, 'empty');

  // The outline previews as it is typed, before anything is stored.
  await page.getByTestId('mm-source-outline').click();
  await page.getByTestId('mm-outline').fill(OUTLINE);
  const preview = page.getByTestId('mm-preview-canvas');
  await expect(node(preview, 'Interviews')).toBeVisible();
  await expect(page.getByTestId('mm-preview-state')).toContainText('8 nodes');
  await shot(page, 'outline-preview');
  await phoneShot(page, 'outline-preview');

  await page.getByTestId('mm-outline-submit').click();
  await expect(page.getByTestId('mm-workspace')).toBeVisible();
  await expect(page).toHaveURL(/[?&]id=\d+/);
  const id = mapId(page);
  const editor = page.getByTestId('mm-editor');
  await expect(node(editor, 'Thesis plan')).toBeVisible();
  expect(titles((await storedTree(page, id)).tree)).toEqual(['Methods', 'Results', '讨论 🌱']);

  // Add a child under Results from the toolbar and name it.
  await node(editor, 'Results').click();
  await page.getByTestId('mm-add-child').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('New finding');
  await page.keyboard.press('Enter');
  await expect(node(editor, 'New finding')).toBeVisible();
  await expect.poll(async () => titles((await storedTree(page, id)).tree.children[1]!), { timeout: 15_000 }).toEqual(['Tables', 'New finding']);

  // Drag Survey from Methods onto Results (re-parent), then undo the drag. Adding a node scrolled to it: fit first.
  await page.getByTestId('mm-fit').click();
  await dragOnto(page, node(editor, 'Survey'), node(editor, 'Results'));
  await expect.poll(async () => titles((await storedTree(page, id)).tree.children[1]!), { timeout: 15_000 }).toContain('Survey');
  await page.getByTestId('mm-undo').click();
  await expect.poll(async () => titles((await storedTree(page, id)).tree.children[0]!), { timeout: 15_000 }).toEqual(['Survey', 'Interviews']);

  // A note and a link on a node, through the side panel.
  await node(editor, 'Tables').click();
  await page.getByTestId('mm-notes-toggle').click();
  await page.getByTestId('mm-node-note').fill('Descriptive statistics first');
  await page.getByTestId('mm-node-link').fill('https://example.org/tables');
  await page.getByTestId('mm-node-apply').click();
  await expect.poll(async () => (await storedTree(page, id)).tree.children[1]!.children[0]!.note, { timeout: 15_000 }).toBe('Descriptive statistics first');
  await saved(page);
  await shot(page, 'editor-notes');
  await phoneShot(page, 'editor-notes');

  await page.reload();
  await expect(node(editor, 'New finding')).toBeVisible();
  const after = (await storedTree(page, id)).tree;
  expect(titles(after.children[0]!)).toEqual(['Survey', 'Interviews']);
  expect(titles(after.children[1]!)).toEqual(['Tables', 'New finding']);
  expect(after.children[1]!.children[0]).toMatchObject({ note: 'Descriptive statistics first', link: 'https://example.org/tables' });

  // Exports download as files.
  await page.getByTestId('mm-export-open').click();
  await shot(page, 'export');
  const xmindDownload = page.waitForEvent('download');
  await page.getByTestId('mm-export-xmind').click();
  const xmind = await xmindDownload;
  expect(xmind.suggestedFilename()).toBe('Thesis plan.xmind');
  const xmindPath = test.info().outputPath('map.xmind');
  await xmind.saveAs(xmindPath);
  expect(fs.readFileSync(xmindPath).subarray(0, 2).toString()).toBe('PK');
  const mdDownload = page.waitForEvent('download');
  await page.getByTestId('mm-export-md').click();
  const md = await mdDownload;
  const mdPath = test.info().outputPath('map.md');
  await md.saveAs(mdPath);
  const text = fs.readFileSync(mdPath, 'utf8');
  expect(text).toContain('Thesis plan');
  expect(text).toContain('New finding');
  expect(text).toContain('讨论 🌱');

  // Share: a link that opens the read-only view.
  await page.getByTestId('mm-share-open').click();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('mm-share-create').click();
  const shareUrl = await page.getByTestId('mm-share-url').inputValue();
  expect(shareUrl).toContain('/mind_map/share?token=');
  await shot(page, 'share');
  const viewer = await page.context().newPage();
  await viewer.goto(shareUrl);
  await expect(viewer.getByTestId('mm-shared-title')).toHaveText('Thesis plan');
  await expect(node(viewer.getByTestId('mm-shared-canvas'), 'New finding')).toBeVisible();
  // A linked node shows mind-elixir's link mark after its text.
  await viewer.getByTestId('mm-shared-canvas').locator('me-tpc').filter({ hasText: /^Tables/ }).click({ position: { x: 8, y: 8 } });
  await expect(viewer.getByTestId('mm-shared-note')).toContainText('Descriptive statistics first');
  await shot(viewer, 'shared-view');
  await phoneShot(viewer, 'shared-view');
  await page.getByTestId('mm-share-revoke').click();
  await viewer.reload();
  await expect(viewer.getByTestId('mm-shared-error')).toBeVisible();
  await viewer.close();

  // Import the XMind file back: a new map with the same tree.
  await page.getByTestId('mm-tab-create').click();
  await page.getByTestId('mm-source-import').click();
  await page.getByTestId('mm-import-file').setInputFiles(xmindPath);
  await expect.poll(() => mapId(page)).not.toBe(id);
  await expect(node(editor, 'New finding')).toBeVisible();
  const imported = (await storedTree(page, mapId(page))).tree;
  expect(shape(imported)).toEqual(shape(after));

  // History lists both; search narrows it.
  await page.getByTestId('mm-tab-history').click();
  await expect(page.getByTestId('mm-history-item')).toHaveCount(2);
  await shot(page, 'history');
  await phoneShot(page, 'history');
  await page.getByTestId('mm-history-search').fill('nothing like this');
  await expect(page.getByTestId('mm-history-empty')).toBeVisible();
});

test('a second tab that saved first is not overwritten: the first is told and reloads', async ({ page, context }) => {
  await signUp(page, 'mindtabs');
  await page.goto('/en/app/mind_map');
  await page.getByTestId('mm-source-outline').click();
  await page.getByTestId('mm-outline').fill('# Two tabs\n- one\n- two');
  await page.getByTestId('mm-outline-submit').click();
  await expect(page.getByTestId('mm-workspace')).toBeVisible();
  const url = page.url();
  const id = mapId(page);

  const other = await context.newPage();
  await other.goto(url);
  const otherEditor = other.getByTestId('mm-editor');
  await node(otherEditor, 'two').click();
  await other.getByTestId('mm-add-sibling').click();
  await other.keyboard.press('Control+A');
  await other.keyboard.type('from the other tab');
  await other.keyboard.press('Enter');
  await expect(other.getByTestId('mm-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

  const editor = page.getByTestId('mm-editor');
  await node(editor, 'one').click();
  await page.getByTestId('mm-remove').click();
  await expect(node(editor, 'one')).toHaveCount(0);
  await expect(page.getByTestId('mm-conflict')).toBeVisible({ timeout: 15_000 });
  // The unsaved edit stays on screen until the user reloads.
  await expect(node(editor, 'one')).toHaveCount(0);
  await shot(page, 'conflict');
  await phoneShot(page, 'conflict');
  // Nothing was overwritten: the other tab's node is stored, the deleted one too.
  const stored = (await storedTree(page, id)).tree;
  expect(titles(stored)).toEqual(['one', 'two', 'from the other tab']);

  await page.getByTestId('mm-conflict-reload').click();
  await expect(page.getByTestId('mm-conflict')).toBeHidden();
  await expect(node(editor, 'from the other tab')).toBeVisible();
  await expect(node(editor, 'one')).toBeVisible();
  await other.close();
});

test('the topic source on the offline channel says a model is needed and offers the outline editor', async ({ page }) => {
  await signUp(page, 'mindtopic');
  await page.goto('/en/app/mind_map');
  await page.getByTestId('mm-source-topic').click();
  // Empty topics cannot be sent.
  await expect(page.getByTestId('mm-topic-submit')).toBeDisabled();
  await page.getByTestId('mm-model').selectOption('offline');
  await page.getByTestId('mm-topic').fill('Deep learning in medical imaging');
  await page.getByTestId('mm-topic-submit').click();
  const notice = page.getByTestId('mm-model-needed');
  await expect(notice).toContainText('needs an AI model');
  await shot(page, 'topic-model-needed');
  await phoneShot(page, 'topic-model-needed');
  await notice.getByTestId('mm-open-outline').click();
  await expect(page.getByTestId('mm-outline-form')).toBeVisible();
});

test('a chat answer becomes a map from the button under it', async ({ page }) => {
  await signUp(page, 'mindanswer');
  await page.goto('/en/chat');
  await page.getByTestId('chat-input').fill('Outline special relativity');
  await page.getByTestId('chat-input').press('Enter');
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await answer.getByTestId('msg-mindmap').click();
  await expect(page.getByTestId('mm-workspace')).toBeVisible();
  await expect(page.getByTestId('mm-title')).toHaveText('Outline special relativity');
  await expect(page).toHaveURL(/[?&]id=\d+/);
  const stored = await storedTree(page, mapId(page));
  expect(stored.tree.children.length).toBeGreaterThan(0);
  // The link's parameters were dropped: a reload opens the same map, it does not make a second one.
  await page.reload();
  await page.getByTestId('mm-tab-history').click();
  await expect(page.getByTestId('mm-history-item')).toHaveCount(1);
});

test('a paper becomes a map from the button on its page', async ({ page }) => {
  // One real record of the starter corpus the server ships, imported as an admin (the browser tests' site starts with no papers).
  const lines = gunzipSync(fs.readFileSync(new URL('../../server/corpus/starter-papers.jsonl.gz', import.meta.url))).toString('utf8').split('\n');
  const line = lines.find((l) => l.startsWith('{"id":"2021.acl-'));
  expect(line, 'the starter corpus holds an ACL 2021 paper').toBeTruthy();
  const paper = JSON.parse(line!) as { id: string; title: string };
  const imported = await page.request.post('/api/admin/paper/import', {
    headers: { token: await adminToken(page.request) },
    multipart: { file: { name: 'one-paper.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${line!}\n`) } },
  });
  expect(((await imported.json()) as { code: number }).code).toBe(1);
  const found = await apiCall<{ lists: { id: string; title: string }[] }>(page.request, 'GET', '/paper/search', { params: { keyword: paper.title } });
  const hit = found.data.lists.find((p) => p.title === paper.title);
  expect(hit, 'the imported paper is found').toBeTruthy();

  await signUp(page, 'mindpaper');
  await page.goto(`/en/academic_search/detail/${encodeURIComponent(hit!.id)}`);
  await page.getByTestId('paper-mindmap').click();
  await expect(page.getByTestId('mm-workspace')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]id=\d+/);
  const stored = await storedTree(page, mapId(page));
  // A map with branches (the paper's record, or the model's outline of it where a model answers).
  expect(stored.tree.topic.length).toBeGreaterThan(0);
  expect(stored.tree.children.length).toBeGreaterThan(0);
  await page.reload();
  await page.getByTestId('mm-tab-history').click();
  await expect(page.getByTestId('mm-history-item')).toHaveCount(1);
});
