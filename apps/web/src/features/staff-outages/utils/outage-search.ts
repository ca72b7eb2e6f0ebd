/** Which events the list shows, as the API names them (`state`); the first is the default. */
export const STATES = ['upcoming', 'past', 'cancelled', 'all'] as const;
export type OutageState = (typeof STATES)[number];

export interface OutageFilters {
  state: OutageState;
  building: number | null;
  page: number;
}

/** Czech names of the list's address parameters (docs/product.md §2). */
export const OUTAGE_PARAMS = { state: 'stav', building: 'budova', page: 'strana' } as const;

const POSITIVE_INT = /^[1-9]\d{0,9}$/;

export const DEFAULT_FILTERS: OutageFilters = { state: 'upcoming', building: null, page: 1 };

/** The list's filters from the address; a value the API would refuse falls back to the default. */
export function filtersFromSearch(search: URLSearchParams): OutageFilters {
  const state = search.get(OUTAGE_PARAMS.state);
  const building = search.get(OUTAGE_PARAMS.building)?.trim() ?? '';
  const page = search.get(OUTAGE_PARAMS.page)?.trim() ?? '';
  return {
    state: (STATES as readonly (string | null)[]).includes(state) ? (state as OutageState) : DEFAULT_FILTERS.state,
    building: POSITIVE_INT.test(building) ? Number(building) : null,
    page: POSITIVE_INT.test(page) && Number(page) < 100_000 ? Number(page) : 1,
  };
}

/** The address's query for filters; defaults are left out. */
export function searchFor(filters: OutageFilters): string {
  const search = new URLSearchParams();
  if (filters.state !== DEFAULT_FILTERS.state) search.set(OUTAGE_PARAMS.state, filters.state);
  if (filters.building !== null) search.set(OUTAGE_PARAMS.building, String(filters.building));
  if (filters.page > 1) search.set(OUTAGE_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The API's query: what is to come in the order it comes, the rest newest first (a past or
 * cancelled outage of last week matters more than one of last year).
 */
export function apiQuery(filters: OutageFilters) {
  return {
    state: filters.state,
    ordering: filters.state === 'upcoming' ? ('starts_at' as const) : ('-starts_at' as const),
    ...(filters.building !== null ? { building: filters.building } : {}),
  };
}
