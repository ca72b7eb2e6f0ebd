import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersFromSearch, isFiltered, searchFor } from './list-search.ts';

describe('incident list filters in the URL', () => {
  it('round-trips every filter, the ordering and the page', () => {
    const filters = filtersFromSearch(
      new URLSearchParams('stav=open&priorita=high&hledat=%20kape%20voda%20&razeni=-updated_at&strana=3'),
    );
    expect(filters).toEqual({
      status: 'open',
      priority: 'high',
      search: 'kape voda',
      ordering: '-updated_at',
      page: 3,
    });
    expect(searchFor(filters)).toBe('?stav=open&priorita=high&hledat=kape+voda&razeni=-updated_at&strana=3');
    expect(isFiltered(filters)).toBe(true);
  });

  it('drops what the API would refuse and leaves defaults out of the URL', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(`stav=x&priorita=&hledat=${'a'.repeat(101)}&razeni=subject&strana=0`),
    );
    expect(filters).toEqual(EMPTY_FILTERS);
    expect(searchFor(filters)).toBe('');
    expect(isFiltered(filters)).toBe(false);
  });
});
