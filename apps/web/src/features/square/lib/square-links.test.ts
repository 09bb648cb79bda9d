import { describe, expect, it } from 'vitest';
import { drawSamePath, parseItemId } from './square-links';

describe('square links', () => {
  it('reads the id of a share link and ignores a mangled one', () => {
    expect(parseItemId('42')).toBe(42);
    expect(parseItemId(null)).toBeNull();
    expect(parseItemId('')).toBeNull();
    expect(parseItemId('0')).toBeNull();
    expect(parseItemId('-3')).toBeNull();
    expect(parseItemId('4e2')).toBeNull();
    expect(parseItemId('1'.repeat(20))).toBeNull();
  });

  it('sends "draw the same" to the drawing page with the item', () => {
    expect(drawSamePath(7)).toBe('/app/drawing?same=7');
  });
});
