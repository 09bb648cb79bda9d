import { describe, expect, it } from 'vitest';
import { auc, decodeText } from './clough.js';
import { codePointOffsets, detectionsXml, parseFeatures } from './pan.js';

describe('decodeText', () => {
  it('reads UTF-8, Windows-1252 and Mac Roman, whichever the bytes are', () => {
    expect(decodeText(Buffer.from('It’s “naïve” — 学霸', 'utf8'))).toBe('It’s “naïve” — 学霸');
    expect(decodeText(Uint8Array.from([0x49, 0x74, 0x92, 0x73, 0x20, 0x93, 0x6f, 0x6b, 0x94, 0x20, 0x97, 0x20, 0x78]))).toBe('It’s “ok” — x');
    // Mac Roman: 0xD5 is ’, 0xD2/0xD3 are “ ”, 0x8E is é.
    expect(decodeText(Uint8Array.from([0x49, 0x74, 0xd5, 0x73, 0x20, 0xd2, 0x63, 0x61, 0x66, 0x8e, 0xd3]))).toBe('It’s “café”');
  });

  it('reads NEL and CR line ends as newlines and drops a byte-order mark', () => {
    expect(decodeText(Buffer.from('\ufeffa\u0085b\r\nc\rd', 'utf8'))).toBe('a\nb\nc\nd');
  });
});

describe('auc', () => {
  it('is 1 for a perfect ranking, 0.5 for ties, 0 for the reverse', () => {
    expect(auc([{ score: 0.9, positive: true }, { score: 0.1, positive: false }])).toBe(1);
    expect(auc([{ score: 0.5, positive: true }, { score: 0.5, positive: false }])).toBe(0.5);
    expect(auc([{ score: 0.1, positive: true }, { score: 0.2, positive: false }, { score: 0.3, positive: true }])).toBe(0.5);
  });
});

describe('PAN files', () => {
  it('writes detections in PAN format and reads them back', () => {
    const xml = detectionsXml('suspicious-document00001.txt', [{ susp: 'suspicious-document00001.txt', source: 'source-document00002.txt', thisOffset: 5, thisLength: 10, sourceOffset: 7, sourceLength: 12 }]);
    expect(xml).toBe(
      '<document reference="suspicious-document00001.txt">\n<feature name="detected-plagiarism" this_offset="5" this_length="10" source_reference="source-document00002.txt" source_offset="7" source_length="12"/>\n</document>\n',
    );
    expect(parseFeatures(xml, 'suspicious-document00001.txt')).toEqual([{ susp: 'suspicious-document00001.txt', source: 'source-document00002.txt', thisOffset: 5, thisLength: 10, sourceOffset: 7, sourceLength: 12 }]);
  });

  it('counts offsets in code points', () => {
    const at = codePointOffsets('𠀀a𠀁b');
    expect([0, 2, 3, 5, 6].map(at)).toEqual([0, 1, 2, 3, 4]);
    expect(codePointOffsets('abc')(2)).toBe(2);
  });
});
