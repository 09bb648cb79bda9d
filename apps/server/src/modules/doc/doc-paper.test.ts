import { api } from '@xueba/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { corpusFile, memberUser } from '../../test/doc-fixture.js';

/** "Read with Xueba" (POST /doc/from_paper) against a local HTTP server standing in for the paper's host. */
describe('documents from a paper\'s open PDF', () => {
  let t: TestApp;
  let token: string;
  let server: http.Server;
  let origin: string;
  // A second local server on a port the allow list does not name: reaching it would be SSRF.
  let internal: http.Server;
  let internalPort: number;
  let internalHits = 0;
  const pdf = corpusFile('pdf/naacl2018_N18-3011.pdf');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/paper.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
        res.end(pdf);
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/paper.pdf' });
        res.end();
      } else if (req.url === '/to-internal') {
        res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/paper.pdf` });
        res.end();
      } else if (req.url === '/to-localhost') {
        res.writeHead(301, { location: `http://localhost:${internalPort}/paper.pdf` });
        res.end();
      } else if (req.url?.startsWith('/loop')) {
        res.writeHead(302, { location: `/loop${req.url.length}` });
        res.end();
      } else if (req.url === '/login.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Please sign in to read this paper</body></html>');
      } else if (req.url === '/huge.pdf') {
        // No content-length: the limit must hold while reading.
        res.writeHead(200, { 'content-type': 'application/pdf' });
        const block = Buffer.alloc(1024 * 1024, 0x25);
        let sent = 0;
        const push = () => {
          while (sent < 30 && res.write(block)) sent += 1;
          if (sent >= 30) res.end();
          else res.once('drain', push);
        };
        res.on('error', () => undefined);
        push();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    internal = http.createServer((_req, res) => {
      internalHits += 1;
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
      res.end(pdf);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    internalPort = (internal.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    // Only the stand-in publisher is exempt from the SSRF guard, by host and port.
    t = await createTestApp({ JOBS_POLL_MS: '0', REMOTE_FETCH_ALLOW_HOSTS: `127.0.0.1:${port}` });
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    token = (await memberUser(t.app, admin)).token;
  });
  afterAll(async () => {
    await t.close();
    for (const s of [server, internal]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  async function paper(title: string, pdfUrl: string | null): Promise<string> {
    const row = await t.owned.ctx.db
      .insertInto('papers')
      .values({ source: 'local', source_id: `t-${Math.random().toString(36).slice(2)}`, title, type: 'conference', pdf_url: pdfUrl, open_access: pdfUrl !== null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String((row as { id: number }).id);
  }

  it('fetches the open PDF (following a redirect) and processes it like an upload', async () => {
    const id = await paper('Construction of the Literature Graph in Semantic Scholar', `${origin}/moved`);
    const result = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: id }, locale: 'en' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ msg: 'Document uploaded', data: { name: 'Construction of the Literature Graph in Semantic Scholar.pdf', format: 'pdf', status: 'processing', size: pdf.length } });
    await t.app.services.jobs.drain();
    const detail = await callApi(t.app, api.docDetail, { token, query: { id: String(result.body.data.id) } });
    expect(detail.body.data).toMatchObject({ status: 'complete', pages: 8 });
  });

  it('refuses papers without an open PDF, pages that are not PDFs, dead links and files over 20 MB', async () => {
    const none = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('No PDF', null) }, locale: 'en' });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('This paper has no open PDF');
    const html = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Paywalled', `${origin}/login.html`) }, locale: 'en' });
    expect(html.status).toBe(502);
    expect(html.body.msg).toContain("The paper's PDF could not be downloaded");
    const dead = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Gone', `${origin}/missing.pdf`) } });
    expect(dead.status).toBe(502);
    const huge = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Huge', `${origin}/huge.pdf`) }, locale: 'en' });
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toBe('The file may not exceed 20 MB');
    const plain = await makeUser(t.app);
    const refused = await callApi(t.app, api.docFromPaper, { token: plain.token, body: { paper_id: await paper('Any', `${origin}/paper.pdf`) }, locale: 'en' });
    expect(refused.status).toBe(403);
  });

  const REFUSED_EN = "For safety the server only downloads papers from public http(s) addresses, and this paper's PDF link is not one (it points into a private network, for example); download the PDF yourself and upload it";

  it('refuses links to private and reserved addresses, in any spelling, without connecting', async () => {
    const links = [
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/paper.pdf',
      `http://[::ffff:7f00:1]:${internalPort}/paper.pdf`,
      `http://2130706433:${internalPort}/paper.pdf`,
      `http://0x7f.1:${internalPort}/paper.pdf`,
      `http://127.0.0.1:${internalPort}/paper.pdf`,
      `http://localhost:${internalPort}/paper.pdf`,
      'http://10.0.0.1/paper.pdf',
      'ftp://example.org/paper.pdf',
      `http://user:pw@${origin.slice('http://'.length)}/paper.pdf`,
    ];
    for (const link of links) {
      const result = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Internal', link) }, locale: 'en' });
      expect(result.status, link).toBe(422);
      expect(result.body.msg, link).toBe(REFUSED_EN);
    }
    const zh = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('内网', 'http://192.168.1.1/a.pdf') }, locale: 'zh' });
    expect(zh.status).toBe(422);
    expect(zh.body.msg).toContain('服务器只从公网的 http(s) 地址下载论文');
    expect(internalHits).toBe(0);
  });

  it('refuses a redirect from the allowed publisher to a port or name the allow list does not name', async () => {
    for (const path of ['/to-internal', '/to-localhost']) {
      const result = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Redirected', `${origin}${path}`) }, locale: 'en' });
      expect(result.status, path).toBe(422);
      expect(result.body.msg).toBe(REFUSED_EN);
    }
    expect(internalHits).toBe(0);
  });

  it('gives up after 5 redirects', async () => {
    const result = await callApi(t.app, api.docFromPaper, { token, body: { paper_id: await paper('Loop', `${origin}/loop`) }, locale: 'en' });
    expect(result.status).toBe(502);
    expect(result.body.msg).toContain("The paper's PDF could not be downloaded");
  });
});
