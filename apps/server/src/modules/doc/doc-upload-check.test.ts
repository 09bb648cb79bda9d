import { describe, expect, it } from 'vitest';
import { countWords } from '../../providers/ai/tokens.js';
import { FileUrlSigner } from '../../providers/storage/signed-url.js';
import { MemoryFileStorage } from '../../providers/storage/storage.js';
import { honest, zipOf } from '../../test/zip-fixture.js';
import { StreamingTextCheck, storedZipEntries } from './doc-upload-check.js';
import { decodeText } from './parse/text.js';
import { zipDirectory } from './parse/zip.js';

/** What the whole-buffer check answers (sniffDocument's text branch). */
function whole(data: Buffer): { words: number } | null {
  const text = decodeText(data);
  return text === null ? null : { words: countWords(text) };
}

function streamed(data: Buffer, piece: number): { words: number } | null {
  const check = new StreamingTextCheck(data.subarray(0, 8192));
  for (let at = 0; at < data.length; at += piece) check.push(data.subarray(at, at + piece));
  return check.finish();
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};

describe('streaming text check', () => {
  const english = "Graph construction isn't free: we built 3 graphs, re-ran BERT-base and counted 12,345 tokens.\n\n".repeat(40);
  const chinese = '我们提出了一种基于图的文本分类方法，并在三个数据集上进行了实验。Transformer 模型表现最好。\n'.repeat(60);
  const samples: [string, Buffer][] = [
    ['UTF-8', Buffer.from(english + chinese)],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(chinese)])],
    ['GB18030', gb18030(chinese)],
    ['UTF-16LE', utf16le(english + chinese)],
    ['UTF-16BE', utf16be(chinese)],
    ['invalid bytes late in the file', Buffer.concat([Buffer.from(english), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from(english)])],
    ['NUL bytes', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100), Buffer.from(english)])],
    ['control characters', Buffer.from('\u0001\u0002\u0003\u0004'.repeat(500) + english)],
    ['empty of words', Buffer.from(' \n\n\t ')],
  ];

  it.each(samples)('answers as decodeText and countWords do over the whole file: %s', (_name, data) => {
    const expected = whole(data);
    for (const piece of [1, 2, 3, 7, 64, 4096, data.length]) expect(streamed(data, piece)).toEqual(expected);
  });

  it('knows text from binary the same way in the test samples above (some are refused)', () => {
    expect(samples.filter(([, data]) => whole(data) === null).map(([name]) => name)).toEqual(['invalid bytes late in the file', 'NUL bytes', 'control characters']);
  });
});

/** Chinese in GB18030, through a table of the few characters above (no encoder ships with Node). */
function gb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, Buffer>();
  for (let hi = 0x81; hi <= 0xfe; hi += 1) {
    for (let lo = 0x40; lo <= 0xfe; lo += 1) {
      if (lo === 0x7f) continue;
      const bytes = Buffer.from([hi, lo]);
      const char = decoder.decode(bytes);
      if (char.length === 1 && !table.has(char)) table.set(char, bytes);
    }
  }
  return Buffer.concat([...text].map((c) => (c.charCodeAt(0) < 0x80 ? Buffer.from(c) : table.get(c) ?? Buffer.from('?'))));
}

describe('a stored ZIP read by range', () => {
  it('gives the entries zipDirectory reads from the whole archive, for a small directory and one that starts before the last 64 KiB', async () => {
    const storage = new MemoryFileStorage(new FileUrlSigner('secret', () => new Date()));
    const small = zipOf([honest('word/document.xml', Buffer.from('<w:document/>')), honest('[Content_Types].xml', Buffer.from('<Types/>'))]);
    const many = zipOf(Array.from({ length: 1500 }, (_, i) => honest(`word/media/image-with-a-long-name-${String(i).padStart(5, '0')}.png`, Buffer.from(`image ${i}`))));
    for (const [key, data] of [
      ['private/1/documents/small.docx', small],
      ['private/1/documents/many.docx', many],
    ] as const) {
      await storage.put(key, data, 'application/zip');
      const expected = zipDirectory(data)!.entries.map((e) => [e.name, e.compressed, e.uncompressed, e.localOffset]);
      const entries = await storedZipEntries(storage, key, data.length);
      expect(entries!.map((e) => [e.name, e.compressed, e.uncompressed, e.localOffset])).toEqual(expected);
    }
    expect(many.length - zipDirectory(many)!.centralOffset).toBeGreaterThan(65_557);
    await storage.put('private/1/documents/text.docx', Buffer.from('PK\u0003\u0004 not really an archive'), 'application/zip');
    expect(await storedZipEntries(storage, 'private/1/documents/text.docx', 30)).toBeNull();
  });
});
