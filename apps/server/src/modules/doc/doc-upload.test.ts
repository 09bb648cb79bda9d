import { api, type DocItem } from '@xueba/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestApp, callApi } from '../../test/helpers.js';
import { corpusFile, memberUser, uploadDocs } from '../../test/doc-fixture.js';
import { deflatedFill, zipOf, zipWith } from '../../test/zip-fixture.js';
import { peakGrowth } from '../../test/memory.js';
import { drawPage, scannedPdf } from '../../test/scan-fixture.js';

/** Bad input through POST /doc/upload: each refused or failed with the spec's text, the other files of the request unaffected. */
describe('document upload: bad input', () => {
  let t: TestApp;
  let token: string;
  const good = () => ({ filename: 'good.txt', data: Buffer.from('A perfectly good text document about graph construction.') });

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    const admin = (await makeUser(t.app, { role: 'admin' })).token;
    token = (await memberUser(t.app, admin)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Uploads the bad file between two good ones; returns the bad file's result after checking the others were stored. */
  async function between(bad: { filename: string; data: Buffer }, locale = 'en') {
    const result = await uploadDocs(t.app, token, [good(), bad, good()], { locale });
    expect(result.status).toBe(200);
    const [first, middle, last] = result.body.data.files;
    expect(first!.ok && last!.ok).toBe(true);
    return middle!;
  }

  async function processed(id: number): Promise<DocItem> {
    await t.app.services.jobs.drain();
    return (await callApi(t.app, api.docDetail, { token, query: { id: String(id) }, locale: 'en' })).body.data;
  }

  it('refuses a zero-byte file', async () => {
    const result = await between({ filename: 'empty.pdf', data: Buffer.alloc(0) });
    expect(result).toMatchObject({ ok: false, error: 'doc_file_empty', msg: 'The file is empty' });
  });

  it('fails a truncated PDF at parsing with a readable reason', async () => {
    const result = await between({ filename: 'truncated.pdf', data: corpusFile('derived/truncated-60pct_pdfminer_naacl06-shinyama.pdf') });
    expect(result.ok).toBe(true);
    expect(await processed(result.doc!.id)).toMatchObject({ status: 'parse_failed', fail_reason: 'doc_parsing_failed', fail_text: 'Document parsing failed' });
  });

  it('fails an encrypted PDF as password protected', async () => {
    const result = await between({ filename: 'secret.pdf', data: corpusFile('pdf-encrypted/pdfminer_aes-256.pdf') });
    const doc = await processed(result.doc!.id);
    expect(doc).toMatchObject({ status: 'parse_failed', fail_reason: 'doc_password_protected' });
    expect(doc.fail_text).toContain('password protected');
  });

  it('fails a corrupt PDF and a scan without any text with their reasons', async () => {
    const corrupt = await between({ filename: 'meta.pdf', data: corpusFile('pdf-malformed/pypdf_unreadablemetadata.pdf') });
    expect(await processed(corrupt.doc!.id)).toMatchObject({ status: 'parse_failed', fail_reason: 'doc_parsing_failed' });
    // Scans are read by OCR (doc-ocr.test.ts); one where OCR finds no text still fails with the reason.
    const scanned = await between({ filename: 'scan.pdf', data: scannedPdf([{ image: drawPage([]) }]) });
    expect(await processed(scanned.doc!.id)).toMatchObject({ status: 'parse_failed', fail_text: 'Document does not support loading' });
  }, 60_000);

  it('refuses a ZIP bomb renamed .docx before inflating it', async () => {
    const bomb = zipWith('word/document.xml', Buffer.alloc(300 * 1024 * 1024, 0x20));
    const result = await between({ filename: 'thesis.docx', data: bomb });
    expect(result).toMatchObject({ ok: false, error: 'doc_archive_too_large', msg: 'Docx loading failed: the unpacked content is too large' });
  }, 60_000);

  it('fails a .docx that declares 4 KB but inflates to 400 MB at parsing, the server\'s memory flat', async () => {
    const lying = zipOf([{ name: 'word/document.xml', packed: await deflatedFill(400), declared: 4096 }]);
    const upload = await peakGrowth(async () => {
      const result = await between({ filename: 'thesis.docx', data: lying });
      expect(result.ok).toBe(true);
      return processed(result.doc!.id);
    });
    expect(upload.result).toMatchObject({ status: 'parse_failed', fail_reason: 'doc_archive_too_large', fail_text: 'Docx loading failed: the unpacked content is too large' });
    expect(upload.rssMb).toBeLessThan(64);
  }, 120_000);

  it('refuses an .exe renamed .pdf and an image that is not a page photo', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0), Buffer.from('This program cannot be run in DOS mode')]);
    expect(await between({ filename: 'paper.pdf', data: exe })).toMatchObject({ ok: false, error: 'doc_unsupported_type' });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
    expect(await between({ filename: 'figure.gif', data: gif }, 'zh')).toMatchObject({ ok: false, error: 'upload_not_allowed', msg: '不允许上传该文件' });
  });

  it('refuses a 21 MB file as too large', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x61);
    expect(await between({ filename: 'big.txt', data: big })).toMatchObject({ ok: false, error: 'file_too_large', msg: 'The file may not exceed 20 MB' });
  }, 60_000);

  it('refuses 120,000 words', async () => {
    const text = Buffer.from(Array.from({ length: 120_000 }, (_, i) => `word${i % 997}`).join(' '));
    expect(await between({ filename: 'long.txt', data: text })).toMatchObject({ ok: false, error: 'doc_too_many_words', msg: 'The document may not exceed 100000 words' });
  });

  it('refuses 11 files at once and stores none of them', async () => {
    const before = t.storage.files.size;
    const eleven = Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, data: Buffer.from(`file number ${i}`) }));
    const result = await uploadDocs(t.app, token, eleven, { locale: 'en' });
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe('Too many files, the maximum is 10');
    expect(t.storage.files.size).toBe(before);
  });

  it('asks for a file and for the type', async () => {
    const none = await uploadDocs(t.app, token, [], { locale: 'en' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Please choose a file');
    const noType = await uploadDocs(t.app, token, [good()], { type: '', locale: 'en' });
    expect(noType.status).toBe(400);
    expect(noType.body.msg).toBe('Please choose the document type (research report or literature)');
  });

  it('processes Word, legacy Word and GB18030 text by content, whatever their names', async () => {
    const gbk = Buffer.from([0xd5, 0xe2, 0xca, 0xc7, 0xd6, 0xd0, 0xce, 0xc4]); // 这是中文 in GB18030
    const result = await uploadDocs(t.app, token, [
      { filename: 'a.bin', data: corpusFile('docx/textract_raw_text.docx') },
      { filename: 'b', data: corpusFile('doc/word-extractor_test11.doc') },
      { filename: 'c.md', data: gbk },
    ]);
    const [docx, doc, md] = result.body.data.files.map((f) => f.doc!);
    expect([docx!.format, doc!.format, md!.format]).toEqual(['docx', 'doc', 'md']);
    await t.app.services.jobs.drain();
    for (const d of [docx!, doc!, md!]) expect((await processed(d.id)).status).toBe('complete');
    const page = await callApi(t.app, api.docPage, { token, query: { id: String(md!.id), page: '1' } });
    expect(page.body.data.text).toBe('这是中文');
  });
});
