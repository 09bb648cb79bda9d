import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PUBLISHER_PORT } from '../../../playwright.config';
import { adminToken, apiCall, registerByEmail, uniqueEmail } from './support';

// The open PDF a paper record points at: a real paper (Ammar et al., NAACL 2018), served
// by a local HTTP server standing in for the publisher's site. It listens on the one
// host:port the e2e server exempts from the SSRF guard (REMOTE_FETCH_ALLOW_HOSTS).
const PDF = readFileSync(new URL('../../../../shared/data/documents/pdf/naacl2018_N18-3011.pdf', import.meta.url));
const TITLE = 'Construction of the Literature Graph in Semantic Scholar';

test('read with Xueba: a paper\'s open PDF becomes a literature document in the reader', async ({ page, request }) => {
  const publisher = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
    res.end(PDF);
  });
  await new Promise<void>((resolve, reject) => {
    publisher.once('error', reject);
    publisher.listen(E2E_PUBLISHER_PORT, '127.0.0.1', resolve);
  });
  const port = E2E_PUBLISHER_PORT;
  try {
    // A Semantic Scholar corpus record (the import format of the shared s2 sample) with an open PDF.
    const record = {
      id: 'e2e0read0with0xueba0000000000000000000001',
      title: TITLE,
      paperAbstract: 'We describe a deployed scalable system for organizing published scientific literature into a heterogeneous graph.',
      authors: [{ name: 'Waleed Ammar', ids: ['1'] }],
      year: 2018,
      venue: 'NAACL',
      journalName: '',
      doi: '',
      s2Url: 'https://semanticscholar.org/paper/e2e',
      s2PdfUrl: '',
      pdfUrls: [`http://127.0.0.1:${port}/N18-3011.pdf`],
      inCitations: [],
      outCitations: [],
      entities: [],
      sources: ['DBLP'],
    };
    const token = await adminToken(request);
    const imported = await request.post('/api/admin/paper/import', {
      headers: { token },
      multipart: { file: { name: 'read-with-xueba.jsonl', mimeType: 'application/json', buffer: Buffer.from(`${JSON.stringify(record)}\n`) } },
    });
    expect(((await imported.json()) as { code: number }).code).toBe(1);

    const email = uniqueEmail('reader');
    await page.goto('/en');
    await registerByEmail(page, request, email, 'user1234');
    const users = await apiCall<{ lists: { id: number }[] }>(request, 'GET', '/admin/users', { token, params: { keyword: email } });
    const granted = await apiCall(request, 'POST', '/admin/user/membership', { token, data: { user_id: users.data.lists[0]!.id, kind: 'literature', level: 'vip', months: 1 } });
    expect(granted.code, granted.msg).toBe(1);

    const found = await apiCall<{ lists: { id: number; title: string }[] }>(request, 'GET', '/paper/search', { params: { keyword: TITLE } });
    const paper = found.data.lists.find((p) => p.title === TITLE);
    expect(paper, 'the imported paper is searchable').toBeTruthy();
    await page.goto(`/en/academic_search/detail/${paper!.id}`);
    await page.getByTestId('paper-read-with').click();
    await expect(page).toHaveURL(/\/en\/doc\/details\?id=\d+$/, { timeout: 30_000 });
    // Fetched, parsed in the background, then interpreted: the reader is ready to answer.
    await expect(page.getByTestId('doc-interpretation')).toBeVisible({ timeout: 90_000 });
    await page.screenshot({ path: '/tmp/shots/paper-read-with-xueba.png' });
  } finally {
    publisher.close();
  }
});
