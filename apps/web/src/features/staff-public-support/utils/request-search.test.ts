import { describe, expect, it } from 'vitest';
import { apiFilters, EMPTY_FILTERS, filtersFromSearch, isFiltered, searchFor } from './request-search.ts';

describe('public request list address', () => {
  it('reads every filter under its Czech name and writes it back the same way', () => {
    const search =
      '?stav=open&stav=in_progress&kategorie=fault_report&budova=2&hledat=v%C3%BDtah&razeni=-updated_at&strana=3';
    const filters = filtersFromSearch(new URLSearchParams(search));
    expect(filters).toEqual({
      statuses: ['open', 'in_progress'],
      categories: ['fault_report'],
      building: 2,
      search: 'výtah',
      ordering: '-updated_at',
      page: 3,
    });
    expect(searchFor(filters)).toBe(search);
    expect(apiFilters(filters)).toEqual({
      status: ['open', 'in_progress'],
      category: ['fault_report'],
      building: 2,
      search: 'výtah',
      ordering: '-updated_at',
    });
  });

  it('drops what the API would refuse, so a hand-edited link still shows a list', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        `stav=hotovo&stav=open&stav=open&kategorie=x&budova=0&hledat=${'a'.repeat(101)}&razeni=x&strana=-1`,
      ),
    );
    expect(filters).toEqual({ ...EMPTY_FILTERS, statuses: ['open'] });
  });

  it('leaves the defaults out of the address and tells filters from ordering and paging', () => {
    expect(searchFor(EMPTY_FILTERS)).toBe('');
    expect(isFiltered({ ...EMPTY_FILTERS, ordering: 'created_at', page: 2 })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTERS, categories: ['order'] })).toBe(true);
  });
});
