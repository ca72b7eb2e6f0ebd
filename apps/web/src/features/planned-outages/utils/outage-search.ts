import type { OutageFilters } from '../api/outage-queries.ts';

/** URL search parameters of the outage page (Czech, like the paths): `?budova=2&probehle=1&strana=3`. */
export const OUTAGE_PARAMS = { building: 'budova', past: 'probehle', page: 'strana' } as const;

const positive = (value: string | null, max: number): number | null =>
  value !== null && /^[1-9]\d*$/.test(value) && Number(value) <= max ? Number(value) : null;

/** Reads the filters; values the API would refuse fall back to the defaults. */
export function outageFiltersFromSearch(search: URLSearchParams): OutageFilters {
  return {
    page: positive(search.get(OUTAGE_PARAMS.page), 99_999) ?? 1,
    building: positive(search.get(OUTAGE_PARAMS.building), 2_147_483_647),
    past: search.get(OUTAGE_PARAMS.past) === '1',
  };
}

/** `?budova=2&probehle=1&strana=3` without the defaults. */
export function outageSearch(filters: OutageFilters): string {
  const search = new URLSearchParams();
  if (filters.building !== null) search.set(OUTAGE_PARAMS.building, String(filters.building));
  if (filters.past) search.set(OUTAGE_PARAMS.past, '1');
  if (filters.page > 1) search.set(OUTAGE_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
