import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../../test/doc-fixture.js';
import { zipWith } from '../../../test/zip-fixture.js';
import { parseDocument } from './parse.js';
import { parseInWorker, ParsePool } from './parse-pool.js';
import { sniffDocument } from './sniff.js';
import { decodeText } from './text.js';
import type { ParseOutcome } from './types.js';

/**
 * Every file of ../shared/data/documents either parses (to its expected text
 * where expected/ has one) or fails with a stated reason; none crashes or
 * hangs. Files are parsed in-process here for speed; the worker-thread
 * isolation has its own tests below.
 */

const REASONS = new Set([
  'doc_password_protected',
  'doc_not_support_loading',
  'doc_parsing_failed',
  'docx_loading_failed',
  'doc_archive_too_large',
  'doc_no_text',
  'doc_unsupported_type',
  'upload_not_allowed',
  'doc_file_empty',
]);

function corpusFiles(): string[] {
  const out: string[] = [];
  for (const dir of fs.readdirSync(CORPUS)) {
    const full = path.join(CORPUS, dir);
    if (!fs.statSync(full).isDirectory() || dir === 'expected') continue;
    for (const f of fs.readdirSync(full)) out.push(`${dir}/${f}`);
  }
  return out.sort();
}

const outcomes = new Map<string, ParseOutcome | { ok: false; reason: string; detail: string }>();

async function outcome(file: string): Promise<ParseOutcome | { ok: false; reason: string; detail: string }> {
  const cached = outcomes.get(file);
  if (cached) return cached;
  const data = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)));
  const sniffed = sniffDocument(data, file);
  const result = sniffed.ok ? await parseDocument(sniffed.format, data) : { ok: false as const, reason: sniffed.reason, detail: 'refused by content' };
  outcomes.set(file, result);
  return result;
}

async function textOf(file: string): Promise<string> {
  const result = await outcome(file);
  if (!result.ok) throw new Error(`${file} failed: ${result.reason} ${result.detail}`);
  return result.doc.pages.map((p) => p.text).join('\n\n');
}

function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Share of the expected words (as a multiset) found in the extracted text. */
function recall(expected: string, actual: string): number {
  const bag = new Map<string, number>();
  for (const w of words(actual)) bag.set(w, (bag.get(w) ?? 0) + 1);
  const want = words(expected);
  let found = 0;
  for (const w of want) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      found += 1;
      bag.set(w, n - 1);
    }
  }
  return want.length === 0 ? 1 : found / want.length;
}

const expected = (name: string) => fs.readFileSync(path.join(CORPUS, 'expected', name), 'utf8');

describe('parsing the shared document corpus', () => {
  it.each(corpusFiles())('%s parses or fails with a stated reason', { timeout: 120_000 }, async (file) => {
    const result = await outcome(file);
    if (result.ok) {
      expect(result.doc.pages.length).toBeGreaterThan(0);
      const text = result.doc.pages.map((p) => p.text).join('');
      expect(text.trim().length).toBeGreaterThan(0);
      for (const page of result.doc.pages) for (const b of page.blocks) expect(b.end).toBeLessThanOrEqual(page.text.length);
    } else {
      expect(REASONS.has(result.reason), `${file}: ${result.reason} (${result.detail})`).toBe(true);
    }
  });

  it('matches the expected text of the textract files', async () => {
    expect(recall(expected('textract_raw_text.pdf.txt'), await textOf('pdf/textract_raw_text.pdf'))).toBeGreaterThan(0.95);
    expect(recall(expected('textract_raw_text.docx.txt'), await textOf('docx/textract_raw_text.docx'))).toBeGreaterThan(0.95);
    expect(recall(expected('textract_raw_text.doc.txt'), await textOf('doc/textract_raw_text.doc'))).toBeGreaterThan(0.95);
    expect(recall(expected('textract_paragraphs_and_tables.docx.txt'), await textOf('docx/textract_paragraphs_and_tables.docx'))).toBeGreaterThan(0.95);
    expect(recall(expected('textract_standardized_text.txt'), await textOf('doc/textract_standardized_text.doc'))).toBe(1);
  });

  it('matches word-extractor expected bodies and footnotes of every .doc', async () => {
    const all = JSON.parse(expected('word-extractor_expected_text.json')) as Record<string, { body: string; footnotes: string; endnotes: string }>;
    let checked = 0;
    for (const [name, want] of Object.entries(all)) {
      const file = `doc/word-extractor_${name}`;
      if (!name.endsWith('.doc') || !fs.existsSync(path.join(CORPUS, file))) continue;
      const text = await textOf(file);
      expect(recall(`${want.body} ${want.footnotes} ${want.endnotes}`, text), file).toBeGreaterThan(0.97);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(await textOf('doc/word-extractor_test11.doc')).toContain('这是一个用来测试nodejs解析Word文档');
  });

  it('keeps DOCX headings as # lines and table rows on one line', async () => {
    expect(await textOf('docx/mammoth_embedded-style-map.docx')).toMatch(/^# Walking on imported air/m);
    expect(await textOf('docx/mammoth_tables.docx')).toMatch(/Top left\tTop right/);
  });

  it('reads the NAACL 2018 paper in two-column reading order (abstract and introduction as in the reference parse)', async () => {
    const reference = JSON.parse(expected('s2orc-doc2json_N18-3011.json')) as { pdf_parse: { abstract: { text: string }[]; body_text: { text: string; section: string }[] } };
    const text = (await textOf('pdf/naacl2018_N18-3011.pdf')).replace(/\s+/g, ' ');
    const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
    // Sentences of the abstract and the first body paragraphs appear, each after the one before.
    const sentences = [
      ...reference.pdf_parse.abstract.flatMap((p) => flat(p.text).split(/(?<=\.) /)),
      ...reference.pdf_parse.body_text.slice(0, 8).flatMap((p) => flat(p.text).split(/(?<=\.) /)),
    ].filter((s) => s.length > 40 && !/[−∗]/.test(s));
    // Positions of the sentences in our text; the longest increasing run of them is what is in reading order.
    const positions = sentences.map((s) => text.indexOf(s.slice(0, 40))).filter((p) => p >= 0);
    const tails: number[] = [];
    for (const p of positions) {
      let lo = 0;
      let hi = tails.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (tails[mid]! < p) lo = mid + 1;
        else hi = mid;
      }
      tails[lo] = p;
    }
    const inOrder = tails.length;
    expect(sentences.length).toBeGreaterThan(10);
    expect(positions.length / sentences.length).toBeGreaterThan(0.9);
    expect(inOrder / sentences.length).toBeGreaterThan(0.85);
    // The running footer of the first page is not in the middle of the introduction.
    expect(text.indexOf('The goal of this work')).toBeLessThan(text.indexOf('In this paper, we focus on the problem'));
  });

  it('matches page counts of the py-pdf sample files it reads', async () => {
    const samples = (JSON.parse(expected('pypdf_sample-files_files.json')) as { data: { path: string; pages: number }[] }).data;
    let checked = 0;
    for (const sample of samples) {
      const file = `pdf/pypdf_${path.basename(sample.path)}`;
      if (!fs.existsSync(path.join(CORPUS, file))) continue;
      const result = await outcome(file);
      if (result.ok) {
        expect(result.doc.pages.length, file).toBe(sample.pages);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('extracts Chinese from CID-font PDFs through the CMaps', async () => {
    const zh = await textOf('pdf-cjk/texlive_zhlipsum-zh.pdf');
    expect(zh).toContain('中文乱数假文');
    expect(await textOf('pdf-cjk/texlive_lshort-zh-cn.pdf')).toContain('简短的');
  });

  it('refuses user-password PDFs as password protected and reads owner-password-only ones', async () => {
    for (const f of ['pdfminer_aes-128.pdf', 'pdfminer_aes-256.pdf', 'pdfminer_rc4-40.pdf', 'pdfminer_rc4-128.pdf']) {
      expect((await outcome(`pdf-encrypted/${f}`)).ok ? 'ok' : (await outcome(`pdf-encrypted/${f}`) as { reason: string }).reason).toBe('doc_password_protected');
    }
    expect(await textOf('pdf-encrypted/pdfminer_asw-oct96-owner-pw-rc4.pdf')).toContain('Cabin Depressurization');
    expect((await textOf('pdf-cjk/pdfminer_kampo-japanese-owner-pw.pdf')).length).toBeGreaterThan(100);
  });

  it('fails scanned (image-only) PDFs with "document does not support loading"', async () => {
    for (const f of ['pdf-scanned/pdfminer_175-typewritten-scan.pdf', 'pdf-scanned/textract_ocr_text-asx-announcement.pdf']) {
      const result = await outcome(f);
      expect(result.ok ? 'ok' : result.reason, f).toBe('doc_not_support_loading');
    }
  });

  it('fails a truncated PDF and a bad Word header with a reason', async () => {
    const truncated = await outcome('derived/truncated-60pct_pdfminer_naacl06-shinyama.pdf');
    expect(truncated.ok ? 'ok' : truncated.reason).toBe('doc_parsing_failed');
    const badHeader = await outcome('doc/word-extractor_badfile-01-bad-header.doc');
    expect(badHeader.ok ? 'ok' : badHeader.reason).toBe('doc_parsing_failed');
  });

  it('decodes GB18030 and UTF-16 text', () => {
    const chinese = '这是一个测试文件，包含中文内容。';
    const gbk = Buffer.from([0xd5, 0xe2, 0xca, 0xc7]); // 这是 in GBK
    expect(decodeText(gbk)).toBe('这是');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(chinese, 'utf16le')]);
    expect(decodeText(utf16)).toBe(chinese);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(chinese)]))).toBe(chinese);
  });
});

describe('parsing in a worker thread', () => {
  it('refuses a ZIP bomb renamed .docx before inflating it', async () => {
    const bomb = zipWith('word/document.xml', Buffer.alloc(300 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(sniffDocument(bomb, 'thesis.docx')).toEqual({ ok: false, reason: 'doc_archive_too_large' });
    const result = await parseInWorker('docx', bomb);
    expect(result.ok ? 'ok' : result.reason).toBe('doc_archive_too_large');
  }, 60_000);

  it('parses in the thread and ends a parse that outlives its time limit', async () => {
    const data = new Uint8Array(fs.readFileSync(path.join(CORPUS, 'pdf/pdfminer_simple1.pdf')));
    const ok = await parseInWorker('pdf', data);
    expect(ok.ok && ok.doc.pages[0]!.text).toContain('Hello');
    const big = new Uint8Array(fs.readFileSync(path.join(CORPUS, 'pdf-cjk/debian-reference.zh-cn.pdf')));
    const slow = await parseInWorker('pdf', big, { timeoutMs: 300 });
    expect(slow.ok ? 'ok' : slow.reason).toBe('doc_parse_timeout');
    // The stopped thread is replaced: the next file parses.
    const after = await parseInWorker('pdf', data);
    expect(after.ok).toBe(true);
  }, 60_000);

  it('survives a parse that exhausts the thread heap (the thread dies, the file fails, the next one parses)', async () => {
    const pool = new ParsePool({ heapMb: 12 });
    try {
      const big = new Uint8Array(fs.readFileSync(path.join(CORPUS, 'pdf-cjk/debian-reference.zh-cn.pdf')));
      const result = await pool.parse('pdf', big);
      expect(result.ok ? 'ok' : result.reason).toBe('doc_parsing_failed');
      expect(result.ok ? '' : result.detail).toContain('ERR_WORKER_OUT_OF_MEMORY');
    } finally {
      await pool.close();
    }
    const small = await parseInWorker('pdf', new Uint8Array(fs.readFileSync(path.join(CORPUS, 'pdf/pdfminer_simple1.pdf'))));
    expect(small.ok).toBe(true);
  }, 60_000);

  it('refuses an .exe renamed .pdf and images other than page photos by their content', () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0), Buffer.from('This program cannot be run in DOS mode')]);
    expect(sniffDocument(exe, 'paper.pdf')).toEqual({ ok: false, reason: 'doc_unsupported_type' });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 1)]);
    expect(sniffDocument(gif, 'paper.pdf')).toEqual({ ok: false, reason: 'upload_not_allowed' });
    // PNG and JPEG photos of pages are documents, read by OCR (decision 0029).
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    expect(sniffDocument(png, 'paper.pdf')).toEqual({ ok: true, format: 'image' });
    expect(sniffDocument(Buffer.alloc(0), 'empty.pdf')).toEqual({ ok: false, reason: 'doc_file_empty' });
  });
});
