import type { components } from '@portal/sdk/schema';
import { publicSupportCategoryValues, ticketStatusValues } from '@portal/sdk/schema';

type TicketStatus = components['schemas']['TicketStatus'];
type Category = components['schemas']['PublicSupportCategory'];

/** The contract's values, in its order (generated from bff.yaml). */
export const STATUSES: readonly TicketStatus[] = ticketStatusValues;
export const CATEGORIES: readonly Category[] = publicSupportCategoryValues;
/** The list's orderings as the API names them; the first is the default (newest first). */
export const ORDERINGS = ['-created_at', 'created_at', '-updated_at', 'updated_at'] as const;
export type RequestOrdering = (typeof ORDERINGS)[number];

export interface RequestFilters {
  statuses: TicketStatus[];
  categories: Category[];
  building: number | null;
  search: string | null;
  ordering: RequestOrdering;
  page: number;
}

/** Czech names of the list's address parameters (docs/product.md §2), so a view can be shared. */
export const REQUEST_PARAMS = {
  status: 'stav',
  category: 'kategorie',
  building: 'budova',
  search: 'hledat',
  ordering: 'razeni',
  page: 'strana',
} as const;

export const SEARCH_MAX = 100;
const POSITIVE_INT = /^[1-9]\d{0,9}$/;

export const EMPTY_FILTERS: RequestFilters = {
  statuses: [],
  categories: [],
  building: null,
  search: null,
  ordering: '-created_at',
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/**
 * The list's filters from the address. A value the API would refuse (an unknown status or
 * category, a malformed id, an over-long text) is dropped rather than sent, so a hand-edited
 * link still shows a list.
 */
export function filtersFromSearch(search: URLSearchParams): RequestFilters {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const text = search.get(REQUEST_PARAMS.search)?.trim() ?? '';
  const building = search.get(REQUEST_PARAMS.building)?.trim() ?? '';
  const ordering = search.get(REQUEST_PARAMS.ordering);
  const page = search.get(REQUEST_PARAMS.page)?.trim() ?? '';
  return {
    statuses: unique(search.getAll(REQUEST_PARAMS.status).filter((value) => oneOf(STATUSES, value))),
    categories: unique(search.getAll(REQUEST_PARAMS.category).filter((value) => oneOf(CATEGORIES, value))),
    building: POSITIVE_INT.test(building) ? Number(building) : null,
    search: text !== '' && text.length <= SEARCH_MAX ? text : null,
    ordering: oneOf(ORDERINGS, ordering) ? ordering : EMPTY_FILTERS.ordering,
    page: POSITIVE_INT.test(page) && Number(page) < 100_000 ? Number(page) : 1,
  };
}

/** The address's query for filters (`?stav=open&kategorie=order…`); defaults are left out. */
export function searchFor(filters: RequestFilters): string {
  const search = new URLSearchParams();
  for (const status of filters.statuses) search.append(REQUEST_PARAMS.status, status);
  for (const category of filters.categories) search.append(REQUEST_PARAMS.category, category);
  if (filters.building !== null) search.set(REQUEST_PARAMS.building, String(filters.building));
  if (filters.search !== null) search.set(REQUEST_PARAMS.search, filters.search);
  if (filters.ordering !== EMPTY_FILTERS.ordering) search.set(REQUEST_PARAMS.ordering, filters.ordering);
  if (filters.page > 1) search.set(REQUEST_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Are any filters set (the ordering and the page are not filters)? */
export function isFiltered(filters: RequestFilters): boolean {
  return searchFor({ ...filters, ordering: EMPTY_FILTERS.ordering, page: 1 }) !== '';
}

/** The API's query for filters (listStaffPublicSupportRequests, without paging). */
export function apiFilters(filters: RequestFilters) {
  return {
    ...(filters.statuses.length > 0 ? { status: filters.statuses } : {}),
    ...(filters.categories.length > 0 ? { category: filters.categories } : {}),
    ...(filters.building !== null ? { building: filters.building } : {}),
    ...(filters.search !== null ? { search: filters.search } : {}),
    ordering: filters.ordering,
  };
}
