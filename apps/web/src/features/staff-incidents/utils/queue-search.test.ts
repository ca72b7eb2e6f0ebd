import { describe, expect, it } from 'vitest';
import { apiFilters, EMPTY_FILTERS, filtersFromSearch, isFiltered, searchFor } from './queue-search.ts';

const parse = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('staff queue filters in the address', () => {
  it('reads every Czech parameter', () => {
    expect(
      parse(
        'stav=open&stav=in_progress&priorita=critical&budova=2&najemce=alfa&resitel=7&hledat=%20v%C3%BDtah%20&od=2026-11-01&do=2026-11-30&razeni=-priority&strana=3',
      ),
    ).toEqual({
      statuses: ['open', 'in_progress'],
      priorities: ['critical'],
      building: 2,
      tenant: 'alfa',
      assignee: { kind: 'member', id: 7 },
      search: 'výtah',
      from: '2026-11-01',
      to: '2026-11-30',
      ordering: '-priority',
      page: 3,
    });
  });

  it('reads „nikdo" and „ja" as unassigned and mine', () => {
    expect(parse('resitel=nikdo').assignee).toEqual({ kind: 'none' });
    expect(parse('resitel=ja').assignee).toEqual({ kind: 'me' });
  });

  it('drops what the API would refuse instead of sending it', () => {
    expect(
      parse(
        `stav=hotovo&stav=open&stav=open&priorita=x&budova=0&budova=abc&resitel=-1&hledat=${'a'.repeat(101)}&od=2026-02-30&do=včera&razeni=name&strana=0`,
      ),
    ).toEqual({ ...EMPTY_FILTERS, statuses: ['open'] });
    expect(parse('budova=1.5&strana=-2&resitel=nikdo2')).toEqual(EMPTY_FILTERS);
  });

  it('writes the address back without defaults, so a link to the queue is short', () => {
    expect(searchFor(EMPTY_FILTERS)).toBe('');
    const query = 'stav=open&stav=in_progress&budova=2&resitel=nikdo&hledat=v%C3%BDtah&razeni=-updated_at&strana=2';
    expect(searchFor(parse(query))).toBe(`?${query}`);
  });

  it('tells a filtered view from an ordered or paged one', () => {
    expect(isFiltered(parse('razeni=priority&strana=4'))).toBe(false);
    expect(isFiltered(parse('od=2026-11-01'))).toBe(true);
  });

  it("translates the filters to the API's query", () => {
    expect(apiFilters(parse('stav=open&budova=2&resitel=ja&od=2026-11-01&do=2026-11-02&hledat=voda'))).toEqual({
      status: ['open'],
      building: 2,
      assignee: 'me',
      search: 'voda',
      created_from: '2026-11-01',
      created_to: '2026-11-02',
    });
    expect(apiFilters(parse('resitel=nikdo&najemce=t-1&priorita=high'))).toEqual({
      priority: ['high'],
      tenant: 't-1',
      assignee: 'none',
    });
    expect(apiFilters(parse('resitel=12')).assignee).toBe('12');
  });
});
