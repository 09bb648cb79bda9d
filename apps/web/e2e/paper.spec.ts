import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { adminToken, apiCall, dismissOrgModal, signInWithPassword } from './support';

// Real records from the starter corpus the server ships: one ACL 2021 word alignment paper and 49 ACL 2021
// translation papers, uploaded through the admin import endpoint (the e2e server starts with an empty
// database and no starter import).
const CORPUS = new URL('../../server/corpus/starter-papers.jsonl.gz', import.meta.url);
const SAMPLE_SIZE = 50;

interface AclRecord {
  id: string;
  title: string;
}

function sample(): AclRecord[] {
  const lines = gunzipSync(readFileSync(CORPUS)).toString('utf8').split('\n').filter((line) => line.startsWith('{"id":"2021.acl-'));
  const records = lines.map((line) => JSON.parse(line) as AclRecord);
  const alignment = records.filter((r) => /unsupervised word alignment/i.test(r.title)).slice(0, 1);
  const translation = records.filter((r) => /translation/i.test(r.title) && !/alignment/i.test(r.title));
  return [...alignment, ...translation].slice(0, SAMPLE_SIZE);
}

async function seed(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const response = await request.post('/api/admin/paper/import', {
    headers: { token },
    multipart: { file: { name: 'acl2021-first-50.jsonl', mimeType: 'application/json', buffer: Buffer.from(sample().map((r) => JSON.stringify(r)).join('\n')) } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { inserted: number; updated: number } };
  expect(body.code, body.msg).toBe(1);
  expect(body.data.inserted + body.data.updated).toBe(SAMPLE_SIZE);
}

test.describe('academic search', () => {
  test.beforeAll(async ({ request }) => {
    await seed(request);
  });

  test('search, filter by year, open a paper, copy its GB/T 7714 citation and favourite it', async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    expect(sample()).toHaveLength(SAMPLE_SIZE);
    const target = sample().find((r) => /word alignment/i.test(r.title));
    expect(target, 'the sample holds a word alignment paper').toBeTruthy();

    // The header search box submits to the search page.
    await page.goto('/');
    await page.getByTestId('header-search').fill('word alignment');
    await page.getByTestId('header-search').press('Enter');
    await expect(page).toHaveURL(/\/academic_search\?keyword=word(%20|\+)alignment$/);
    await expect(page.getByTestId('paper-result').first()).toBeVisible();
    await expect(page.getByTestId('paper-result-title').first()).toHaveText(target!.title);
    await expect(page.getByTestId('paper-snippet').first().locator('mark').first()).toBeVisible();
    await expect(page.getByTestId('paper-history')).toContainText('word alignment');

    // An empty query is refused in place.
    await page.getByTestId('paper-query').fill('   ');
    await page.getByTestId('paper-submit').click();
    await expect(page.getByTestId('paper-query-error')).toHaveText('请输入检索词');

    // Filter by year: nothing from 2020 in an ACL 2021 sample, everything from 2021.
    await page.getByTestId('paper-year-from').fill('2020');
    await page.getByTestId('paper-year-to').fill('2020');
    await page.getByTestId('paper-year-to').press('Enter');
    await expect(page).toHaveURL(/year_from=2020&year_to=2020/);
    await expect(page.getByTestId('paper-no-results')).toBeVisible();
    await page.getByTestId('paper-year-from').fill('2021');
    await page.getByTestId('paper-year-to').fill('2021');
    await page.getByTestId('paper-year-to').press('Enter');
    await expect(page).toHaveURL(/year_from=2021&year_to=2021/);
    await expect(page.getByTestId('paper-result').first()).toBeVisible();
    for (const meta of await page.getByTestId('paper-result').all()) await expect(meta).toContainText('2021');

    // Open the paper.
    await page.getByTestId('paper-result-title').filter({ hasText: target!.title }).click();
    await expect(page.getByTestId('paper-title')).toHaveText(target!.title);
    await expect(page.getByTestId('paper-abstract')).toBeVisible();
    await expect(page).toHaveURL(/\/academic_search\/detail\/\d+$/);

    // Cite as GB/T 7714-2015 (the default tab) and copy it.
    await page.getByTestId('cite-open').click();
    const citation = page.getByTestId('cite-text');
    await expect(citation).toContainText(target!.title);
    await expect(citation).toContainText('[C]//');
    const text = (await citation.textContent()) ?? '';
    await page.getByTestId('cite-copy').click();
    await expect(page.getByText('复制成功')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await page.keyboard.press('Escape');
    await expect(citation).toBeHidden();

    // Favouriting needs an account: signed out it opens the login popup.
    await page.getByTestId('paper-favorite').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-modal')).toBeHidden();
    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await dismissOrgModal(page);

    const favorite = page.getByTestId('paper-favorite');
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await favorite.click();
    await expect(page.getByText('收藏成功')).toBeVisible();
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');
    const token = await adminToken(request);
    const saved = await apiCall<{ lists: { title: string }[] }>(request, 'GET', '/paper/favorites', { token });
    expect(saved.data.lists.map((p) => p.title)).toContain(target!.title);
    // It stays saved after a reload.
    await page.reload();
    await expect(page.getByTestId('paper-favorite')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a Chinese query also searches its English, and a source left out is named', async ({ page }) => {
    await page.goto('/academic_search?keyword=' + encodeURIComponent('机器翻译'));
    await expect(page.getByTestId('paper-also-searched')).toHaveText('同时检索了：machine translation');
    await expect(page.getByTestId('paper-result').first()).toBeVisible();
    await expect(page.getByTestId('paper-snippet').first().locator('mark').first()).toBeVisible();
    // The e2e server's OpenAlex is a refused local port: the local results come with the notice
    // (unreachable, or resting once it has failed a few times).
    await expect(page.getByTestId('paper-skipped')).toContainText('部分来源暂未参与本次检索');
    await expect(page.getByTestId('paper-skipped')).toContainText('OpenAlex');
    await page.goto('/en/academic_search?keyword=' + encodeURIComponent('机器翻译'));
    await expect(page.getByTestId('paper-also-searched')).toHaveText('Also searched: machine translation');
  });

  test('AI interpretation streams its sections', async ({ page }) => {
    // The e2e server's fake model streams slowly: the stop button shows while it writes, then the text is complete.
    await page.goto('/academic_search/detail/1');
    await page.getByTestId('interpret-start').click();
    await expect(page.getByTestId('interpret-stop')).toBeVisible();
    await expect(page.getByTestId('interpret-problem')).toBeVisible();
    await expect(page.getByTestId('interpret-again')).toBeVisible();
    await expect(page.getByTestId('paper-interpret')).toContainText('The end.');
    // Markdown from the model goes through the shared renderer (a table stays a table, no raw pipes).
    await expect(page.getByTestId('paper-interpret').locator('table')).toBeVisible();
  });

  test('bad input gets a clear message', async ({ page }) => {
    // A page past the end says so and offers the last page.
    await page.goto('/en/academic_search?keyword=translation&page=40');
    await expect(page.getByTestId('paper-beyond-end')).toBeVisible();
    await page.getByTestId('paper-beyond-end').getByRole('button').click();
    await expect(page.getByTestId('paper-result').first()).toBeVisible();

    // The box stops at the server's limit; a longer keyword in the URL gets the server's message.
    await page.getByTestId('paper-query').fill('x'.repeat(600));
    await expect(page.getByTestId('paper-query')).toHaveValue('x'.repeat(500));
    await page.goto(`/en/academic_search?keyword=${'y'.repeat(600)}`);
    await expect(page.getByTestId('paper-error')).toContainText('may not exceed 500 characters');

    // Only punctuation and SQL-looking text are answered, never a server error.
    await page.goto('/en/academic_search?keyword=%21%21%21');
    await expect(page.getByTestId('paper-error')).toContainText('no searchable words');
    await page.goto(`/en/academic_search?keyword=${encodeURIComponent("'; DROP TABLE papers; --")}`);
    await expect(page.getByTestId('paper-count').or(page.getByTestId('paper-error'))).toBeVisible();
    await expect(page.getByTestId('paper-skeleton')).toBeHidden();

    // The source timing out: the server's message in place, and a retry that works once it is back.
    let down = true;
    await page.route('**/api/paper/search?**', (route) =>
      down
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 0, show: 1, data: null, msg: 'The paper source is unavailable right now, please try again later' }) })
        : route.continue(),
    );
    await page.goto('/en/academic_search?keyword=alignment');
    await expect(page.getByTestId('paper-error')).toContainText('The paper source is unavailable right now');
    down = false;
    await page.getByTestId('paper-error').getByRole('button').click();
    await expect(page.getByTestId('paper-result').first()).toBeVisible();
    await page.unroute('**/api/paper/search?**');

    // An unknown paper id is a 404 page.
    await page.goto('/en/academic_search/detail/999999');
    await expect(page.getByTestId('error-page')).toContainText('Page Not Found');
  });

  test('AI search answers with citations to its results', async ({ page }) => {
    // The fake model of the e2e server writes the same text for every prompt and cites nothing, so the
    // answer of the real response is replaced by one that cites; keywords and results stay the server's.
    await page.route('**/api/paper/aiSearch', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { answer: string; lists: unknown[] } };
      expect(json.data.lists.length).toBeGreaterThan(1);
      json.data.answer = 'Better alignment comes from **bidirectional** attention [1] and from bitext mining [2, 1].';
      await route.fulfill({ response, json });
    });
    await page.goto('/en/academic_search');
    await page.getByTestId('paper-mode-ai').click();
    await page.getByTestId('paper-submit').click();
    await expect(page.getByTestId('paper-query-error')).toHaveText('Please enter a question');
    await page.getByTestId('paper-query').fill('How can unsupervised word alignment be improved?');
    await page.getByTestId('paper-submit').click();
    await expect(page).toHaveURL(/mode=ai/);
    await expect(page.getByTestId('ai-answer')).toBeVisible();
    await expect(page.getByTestId('ai-keywords')).toBeVisible();
    await expect(page.getByTestId('ai-answer-text').locator('strong')).toHaveText('bidirectional');
    await page.getByTestId('ai-answer-text').getByRole('link', { name: '[2]' }).click();
    await expect(page.locator('#paper-ref-2')).toHaveClass(/is-highlighted/);
    await expect(page).toHaveURL(/mode=ai/);
  });
});
