import type { components, operations } from '@portal/sdk/schema';
import { ticketPriorityValues, ticketStatusValues } from '@portal/sdk/schema';

type TicketStatus = components['schemas']['TicketStatus'];
type TicketPriority = components['schemas']['TicketPriority'];
type ApiOrdering = NonNullable<NonNullable<operations['listSupportTickets']['parameters']['query']>['ordering']>;

/** The contract's values, in its order (generated from bff.yaml). */
export const STATUSES: readonly TicketStatus[] = ticketStatusValues;
export const PRIORITIES: readonly TicketPriority[] = ticketPriorityValues;

/** The list's orderings as the API names them (listSupportTickets); the first is the default. */
export const ORDERINGS = [
  '-created_at',
  'created_at',
  '-updated_at',
  '-priority',
  'priority',
  'status',
] as const satisfies readonly ApiOrdering[];
export type ListOrdering = (typeof ORDERINGS)[number];

/** The API's limit of the full-text filter. */
export const SEARCH_MAX = 100;

export interface IncidentListFilters {
  page: number;
  status: TicketStatus | null;
  priority: TicketPriority | null;
  search: string | null;
  ordering: ListOrdering;
}

export const EMPTY_FILTERS: IncidentListFilters = {
  page: 1,
  status: null,
  priority: null,
  search: null,
  ordering: '-created_at',
};

/** URL search parameters of the list, Czech as the paths are: ?stav=&priorita=&hledat=&razeni=&strana= */
export const LIST_PARAMS = {
  status: 'stav',
  priority: 'priorita',
  search: 'hledat',
  ordering: 'razeni',
  page: 'strana',
} as const;

const POSITIVE_INT = /^[1-9]\d{0,9}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The list filters from the URL; a value the API would refuse is dropped rather than sent (400). */
export function filtersFromSearch(search: URLSearchParams): IncidentListFilters {
  const status = search.get(LIST_PARAMS.status);
  const priority = search.get(LIST_PARAMS.priority);
  const ordering = search.get(LIST_PARAMS.ordering);
  const text = search.get(LIST_PARAMS.search)?.trim() ?? '';
  const page = search.get(LIST_PARAMS.page)?.trim() ?? '';
  return {
    status: oneOf(STATUSES, status) ? status : null,
    priority: oneOf(PRIORITIES, priority) ? priority : null,
    search: text !== '' && text.length <= SEARCH_MAX ? text : null,
    ordering: oneOf(ORDERINGS, ordering) ? ordering : EMPTY_FILTERS.ordering,
    page: POSITIVE_INT.test(page) && Number(page) < 100_000 ? Number(page) : 1,
  };
}

/** The URL query of filters (`?stav=open&hledat=voda…`); defaults are left out. */
export function searchFor(filters: IncidentListFilters): string {
  const search = new URLSearchParams();
  if (filters.status) search.set(LIST_PARAMS.status, filters.status);
  if (filters.priority) search.set(LIST_PARAMS.priority, filters.priority);
  if (filters.search) search.set(LIST_PARAMS.search, filters.search);
  if (filters.ordering !== EMPTY_FILTERS.ordering) search.set(LIST_PARAMS.ordering, filters.ordering);
  if (filters.page > 1) search.set(LIST_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Are any filters set (the ordering and the page are not filters)? */
export const isFiltered = (filters: IncidentListFilters) =>
  Boolean(filters.status || filters.priority || filters.search);
