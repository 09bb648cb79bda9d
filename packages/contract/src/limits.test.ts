import { describe, expect, it } from 'vitest';
import { charCount } from './limits.js';

describe('charCount', () => {
  it('counts code points, as every server-side length limit does', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('学霸 ok')).toBe(5);
    // An emoji and a CJK extension-B character are two UTF-16 units each, one character each.
    expect('😀𠀀'.length).toBe(4);
    expect(charCount('😀𠀀')).toBe(2);
    expect(charCount('a\r\nb')).toBe(4);
  });
});
