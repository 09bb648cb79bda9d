import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { deflatedFill, honest, overlappingZip, wordXml, zipOf } from '../../../test/zip-fixture.js';
import { peakGrowth } from '../../../test/memory.js';
import { parseDocument } from './parse.js';
import { parseInWorker } from './parse-pool.js';
import { sniffDocument } from './sniff.js';
import { DOCX_MAX_ENTRIES } from './zip.js';

const MB = 1024 * 1024;
/** What a refused archive may cost the process at most: a few chunks, far below the bomb. */
const FLAT_MB = 64;

/**
 * Archives that lie about their sizes: the parser counts the bytes that really
 * come out and stops at what the archive declared, so a bomb costs a few
 * kilobytes of memory, whatever its headers say.
 */
describe('zip bombs in .docx', () => {
  const BOMB_MB = 400;
  let lying: Buffer;

  beforeAll(async () => {
    // word/document.xml declares 4 KB in both headers; its deflate stream inflates to 400 MB.
    lying = zipOf([{ name: 'word/document.xml', packed: await deflatedFill(BOMB_MB), declared: 4096 }]);
  }, 60_000);

  it('stops an entry declaring 4 KB that inflates to 400 MB after 4 KB, in the process and in the parse thread', async () => {
    expect(lying.length).toBeLessThan(MB);
    // The declared sizes are unremarkable: the upload takes it, the parser has to catch it.
    expect(sniffDocument(lying, 'thesis.docx')).toEqual({ ok: true, format: 'docx' });

    const inProcess = await peakGrowth(() => parseDocument('docx', lying));
    expect(inProcess.result).toMatchObject({ ok: false, reason: 'doc_archive_too_large', detail: 'word/document.xml: inflates past its declared 4096 bytes' });
    expect(inProcess.rssMb).toBeLessThan(FLAT_MB);

    // A thread is started and warmed up first: starting one costs memory of its own.
    expect((await parseInWorker('docx', zipOf([honest('word/document.xml', wordXml(['warm up']))]))).ok).toBe(true);
    const inThread = await peakGrowth(() => parseInWorker('docx', lying));
    expect(inThread.result).toMatchObject({ ok: false, reason: 'doc_archive_too_large' });
    expect(inThread.rssMb).toBeLessThan(FLAT_MB);
  }, 120_000);

  it('never opens an archive nested inside the package: the document parses and the inner bomb stays packed', async () => {
    const nested = zipOf([
      honest('word/document.xml', wordXml(['Nested archives stay packed.'])),
      { name: 'word/embeddings/inner.zip', packed: lying, declared: lying.length, method: 0 },
    ]);
    const parsed = await peakGrowth(() => parseDocument('docx', nested));
    expect(parsed.result.ok && parsed.result.doc.pages[0]!.text).toBe('Nested archives stay packed.');
    expect(parsed.rssMb).toBeLessThan(FLAT_MB);
  }, 60_000);

  it('refuses entries sharing their bytes (overlapping-entry bomb) before inflating any', async () => {
    // 100 records of 1 MB each over one kernel: honest sizes and ratios, 100 MB if each were inflated.
    const text = Buffer.from(randomBytes(768 * 1024).toString('base64'));
    const kernel = { name: 'word/document.xml', packed: deflateRawSync(text), declared: text.length };
    const names = ['word/document.xml', ...Array.from({ length: 99 }, (_, i) => `word/media/part${i}.xml`)];
    const overlapping = overlappingZip(kernel, names);
    const result = await peakGrowth(() => parseDocument('docx', overlapping));
    expect(result.result).toMatchObject({ ok: false, reason: 'doc_archive_too_large', detail: 'entries overlap' });
    expect(result.rssMb).toBeLessThan(FLAT_MB);
  });

  it('refuses more entries than a Word package holds, and a lying overlapping bomb', async () => {
    const many = zipOf([
      honest('word/document.xml', wordXml(['x'])),
      ...Array.from({ length: DOCX_MAX_ENTRIES }, (_, i) => honest(`word/media/${i}.xml`, Buffer.from('y'))),
    ]);
    expect(sniffDocument(many, 'many.docx')).toEqual({ ok: false, reason: 'doc_archive_too_large' });
    expect(await parseDocument('docx', many)).toMatchObject({ ok: false, reason: 'doc_archive_too_large' });

    const lyingOverlap = overlappingZip({ name: 'word/document.xml', packed: await deflatedFill(64), declared: 4096 }, ['word/document.xml', 'word/styles.xml']);
    expect(await parseDocument('docx', lyingOverlap)).toMatchObject({ ok: false, reason: 'doc_archive_too_large' });
  }, 60_000);

  it('fails an entry that inflates to less than it declares, or is packed by an unknown method, as a broken package', async () => {
    const xml = wordXml(['short']);
    const short = zipOf([{ name: 'word/document.xml', packed: deflateRawSync(xml), declared: xml.length + 10 }]);
    expect(await parseDocument('docx', short)).toMatchObject({ ok: false, reason: 'docx_loading_failed' });
    const bzip = zipOf([{ name: 'word/document.xml', packed: deflateRawSync(xml), declared: xml.length, method: 12 }]);
    expect(await parseDocument('docx', bzip)).toMatchObject({ ok: false, reason: 'docx_loading_failed' });
  });
});
