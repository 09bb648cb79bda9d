import { describe, expect, it } from 'vitest';
import { readFilters } from './record-filters';

describe('record filters from the URL', () => {
  it('reads the known values', () => {
    expect(readFilters(new URLSearchParams('page=3&status=failed&family=sd&selected=1'))).toEqual({ page: 3, status: 'failed', family: 'sd', selected: '1' });
  });

  it('falls back to all and the first page on anything else', () => {
    expect(readFilters(new URLSearchParams('page=-2&status=done&family=midjourney&selected=yes'))).toEqual({ page: 1, status: undefined, family: undefined, selected: undefined });
    expect(readFilters(new URLSearchParams('page=1.5'))).toEqual({ page: 1, status: undefined, family: undefined, selected: undefined });
  });
});
