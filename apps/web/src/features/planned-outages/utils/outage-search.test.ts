import { describe, expect, it } from 'vitest';
import { outageFiltersFromSearch, outageSearch } from './outage-search.ts';

const read = (search: string) => outageFiltersFromSearch(new URLSearchParams(search));

describe('outage URL', () => {
  it('reads building, past and page, ignoring nonsense', () => {
    expect(read('')).toEqual({ page: 1, building: null, past: false });
    expect(read('?budova=2&probehle=1&strana=3')).toEqual({ page: 3, building: 2, past: true });
    expect(read('?budova=abc&probehle=ano&strana=0')).toEqual({ page: 1, building: null, past: false });
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(outageSearch({ page: 1, building: null, past: false })).toBe('');
    expect(outageSearch({ page: 2, building: 5, past: true })).toBe('?budova=5&probehle=1&strana=2');
    expect(read(outageSearch({ page: 4, building: 1, past: false }))).toEqual({ page: 4, building: 1, past: false });
  });
});
