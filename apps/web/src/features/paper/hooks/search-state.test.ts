import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, hasFilters, parseSearchState, serializeSearchState, toSearchQuery } from './search-state';
import { addToHistory, HISTORY_LIMIT } from './use-search-history';

describe('search state in the URL', () => {
  it('round-trips every field and leaves defaults out', () => {
    const state = { ...DEFAULT_STATE, keyword: 'word alignment', page: 3, yearFrom: 2020, yearTo: 2021, type: 'conference' as const, venue: 'ACL', openAccess: true, sort: 'citations' as const };
    const query = serializeSearchState(state);
    expect(query).toBe('?keyword=word+alignment&year_from=2020&year_to=2021&type=conference&venue=ACL&open_access=1&sort=citations&page=3');
    expect(parseSearchState(new URLSearchParams(query))).toEqual(state);
    expect(serializeSearchState(DEFAULT_STATE)).toBe('');
  });

  it('drops hand-edited nonsense but keeps the keyword as typed', () => {
    const state = parseSearchState(new URLSearchParams('keyword=%22%3B+DROP+TABLE&type=poem&sort=random&page=-2&year_from=99999&year_to=abc&mode=x'));
    expect(state).toEqual({ ...DEFAULT_STATE, keyword: '"; DROP TABLE' });
  });

  it('builds the endpoint query (flags as strings, empty values absent)', () => {
    expect(toSearchQuery({ ...DEFAULT_STATE, keyword: '  bert ', openAccess: true })).toEqual({
      keyword: 'bert',
      page_no: 1,
      page_size: 10,
      year_from: undefined,
      year_to: undefined,
      type: undefined,
      venue: undefined,
      open_access: '1',
      sort: 'relevance',
    });
    expect(hasFilters(DEFAULT_STATE)).toBe(false);
    expect(hasFilters({ ...DEFAULT_STATE, venue: 'ACL' })).toBe(true);
  });
});

describe('search history', () => {
  it('puts the newest first, dedupes case-insensitively and caps the length', () => {
    expect(addToHistory(['BERT', 'gpt'], ' bert ')).toEqual(['bert', 'gpt']);
    expect(addToHistory(['a'], '   ')).toEqual(['a']);
    const many = Array.from({ length: HISTORY_LIMIT }, (_, i) => `k${i}`);
    expect(addToHistory(many, 'new')).toHaveLength(HISTORY_LIMIT);
    expect(addToHistory(many, 'new')[0]).toBe('new');
  });
});
