import { describe, expect, it } from 'vitest';
import { precheck, progressPerFile } from './precheck';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('precheck', () => {
  it('refuses an empty selection and more than 10 files with the spec texts', () => {
    expect(precheck([]).refusal?.key).toBe('msg.file_required');
    expect(precheck(Array.from({ length: 11 }, (_, i) => file(`${i}.pdf`, 10))).refusal?.key).toBe('msg.doc_too_many_files');
    expect(precheck(Array.from({ length: 10 }, (_, i) => file(`${i}.pdf`, 10))).refusal).toBeNull();
  });

  it('refuses other extensions, empty files and files over 20 MB, each on its own', () => {
    // PNG and JPEG photos of pages are documents (read by OCR); other images are not.
    const result = precheck([file('a.PDF', 5), file('b.gif', 5), file('c.md', 0), file('d.docx', 20 * 1024 * 1024 + 1), file('e.txt', 1), file('f.JPG', 5)]);
    expect(result.files.map((f) => f.refusal?.key ?? null)).toEqual([null, 'msg.doc_unsupported_type', 'msg.doc_file_empty', 'msg.file_too_large', null, null]);
    expect(result.files[3]?.refusal?.values).toEqual({ size: 20 });
  });
});

describe('progressPerFile', () => {
  it('fills files in order as the body is sent', () => {
    expect(progressPerFile([100, 300], 0, 440)).toEqual([0, 0]);
    expect(progressPerFile([100, 300], 110, 440)).toEqual([100, 0]);
    expect(progressPerFile([100, 300], 220, 440)).toEqual([100, 33]);
    expect(progressPerFile([100, 300], 440, 440)).toEqual([100, 100]);
  });
});
