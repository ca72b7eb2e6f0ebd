import type { components } from '@portal/sdk/schema';
import { ticketPriorityValues, ticketStatusValues } from '@portal/sdk/schema';
import { isRealDay } from '#src/lib/prague-time.ts';

type TicketStatus = components['schemas']['TicketStatus'];
type TicketPriority = components['schemas']['TicketPriority'];

/** The contract's values, in its order (generated from bff.yaml). */
export const STATUSES: readonly TicketStatus[] = ticketStatusValues;
export const PRIORITIES: readonly TicketPriority[] = ticketPriorityValues;
/** The queue's orderings as the API names them; the first is the default (newest first). */
export const ORDERINGS = ['-created_at', 'created_at', '-priority', 'priority', '-updated_at', 'updated_at'] as const;
export type QueueOrdering = (typeof ORDERINGS)[number];

/** `resitel` in the address: a staff member's id, `nikdo` (unassigned) or `ja` (me). */
export type AssigneeFilter = { kind: 'none' } | { kind: 'me' } | { kind: 'member'; id: number };

export interface QueueFilters {
  statuses: TicketStatus[];
  priorities: TicketPriority[];
  building: number | null;
  tenant: string | null;
  assignee: AssigneeFilter | null;
  search: string | null;
  /** Created from / to, Prague days `YYYY-MM-DD`, inclusive. */
  from: string | null;
  to: string | null;
  ordering: QueueOrdering;
  page: number;
}

/** Czech names of the queue's address parameters (docs/product.md §2), so a view can be shared. */
export const QUEUE_PARAMS = {
  status: 'stav',
  priority: 'priorita',
  building: 'budova',
  tenant: 'najemce',
  assignee: 'resitel',
  search: 'hledat',
  from: 'od',
  to: 'do',
  ordering: 'razeni',
  page: 'strana',
} as const;

export const SEARCH_MAX = 100;
const TENANT_ID_MAX = 64;
const POSITIVE_INT = /^[1-9]\d{0,9}$/;

export const EMPTY_FILTERS: QueueFilters = {
  statuses: [],
  priorities: [],
  building: null,
  tenant: null,
  assignee: null,
  search: null,
  from: null,
  to: null,
  ordering: '-created_at',
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** Parses `resitel`: an id, `nikdo` or `ja`; anything else is no filter. */
export function parseAssignee(value: string | null): AssigneeFilter | null {
  const text = value?.trim() ?? '';
  if (text === 'nikdo') return { kind: 'none' };
  if (text === 'ja') return { kind: 'me' };
  return POSITIVE_INT.test(text) ? { kind: 'member', id: Number(text) } : null;
}

export function formatAssignee(filter: AssigneeFilter): string {
  return filter.kind === 'none' ? 'nikdo' : filter.kind === 'me' ? 'ja' : String(filter.id);
}

/**
 * The queue's filters from the address. A value the API would refuse (an unknown status, a
 * malformed day or id, an over-long text) is dropped rather than sent, so a hand-edited link
 * still shows a queue.
 */
export function filtersFromSearch(search: URLSearchParams): QueueFilters {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const day = (name: string) => {
    const value = search.get(name)?.trim() ?? '';
    return isRealDay(value) ? value : null;
  };
  const text = search.get(QUEUE_PARAMS.search)?.trim() ?? '';
  const tenant = search.get(QUEUE_PARAMS.tenant)?.trim() ?? '';
  const building = search.get(QUEUE_PARAMS.building)?.trim() ?? '';
  const ordering = search.get(QUEUE_PARAMS.ordering);
  const page = search.get(QUEUE_PARAMS.page)?.trim() ?? '';
  return {
    statuses: unique(search.getAll(QUEUE_PARAMS.status).filter((value) => oneOf(STATUSES, value))),
    priorities: unique(search.getAll(QUEUE_PARAMS.priority).filter((value) => oneOf(PRIORITIES, value))),
    building: POSITIVE_INT.test(building) ? Number(building) : null,
    tenant: tenant !== '' && tenant.length <= TENANT_ID_MAX ? tenant : null,
    assignee: parseAssignee(search.get(QUEUE_PARAMS.assignee)),
    search: text !== '' && text.length <= SEARCH_MAX ? text : null,
    from: day(QUEUE_PARAMS.from),
    to: day(QUEUE_PARAMS.to),
    ordering: oneOf(ORDERINGS, ordering) ? ordering : EMPTY_FILTERS.ordering,
    page: POSITIVE_INT.test(page) && Number(page) < 100_000 ? Number(page) : 1,
  };
}

/** The address's query for filters (`?stav=open&stav=in_progress&budova=2…`); defaults are left out. */
export function searchFor(filters: QueueFilters): string {
  const search = new URLSearchParams();
  for (const status of filters.statuses) search.append(QUEUE_PARAMS.status, status);
  for (const priority of filters.priorities) search.append(QUEUE_PARAMS.priority, priority);
  if (filters.building !== null) search.set(QUEUE_PARAMS.building, String(filters.building));
  if (filters.tenant !== null) search.set(QUEUE_PARAMS.tenant, filters.tenant);
  if (filters.assignee !== null) search.set(QUEUE_PARAMS.assignee, formatAssignee(filters.assignee));
  if (filters.search !== null) search.set(QUEUE_PARAMS.search, filters.search);
  if (filters.from !== null) search.set(QUEUE_PARAMS.from, filters.from);
  if (filters.to !== null) search.set(QUEUE_PARAMS.to, filters.to);
  if (filters.ordering !== EMPTY_FILTERS.ordering) search.set(QUEUE_PARAMS.ordering, filters.ordering);
  if (filters.page > 1) search.set(QUEUE_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Are any filters set (the ordering and the page are not filters)? */
export function isFiltered(filters: QueueFilters): boolean {
  return searchFor({ ...filters, ordering: EMPTY_FILTERS.ordering, page: 1 }) !== '';
}

/** The API's query for filters (listStaffSupportTickets; without paging and ordering for the counts). */
export function apiFilters(filters: Omit<QueueFilters, 'ordering' | 'page'>) {
  return {
    ...(filters.statuses.length > 0 ? { status: filters.statuses } : {}),
    ...(filters.priorities.length > 0 ? { priority: filters.priorities } : {}),
    ...(filters.building !== null ? { building: filters.building } : {}),
    ...(filters.tenant !== null ? { tenant: filters.tenant } : {}),
    ...(filters.assignee !== null
      ? {
          assignee:
            filters.assignee.kind === 'member'
              ? String(filters.assignee.id)
              : filters.assignee.kind === 'none'
                ? 'none'
                : 'me',
        }
      : {}),
    ...(filters.search !== null ? { search: filters.search } : {}),
    ...(filters.from !== null ? { created_from: filters.from } : {}),
    ...(filters.to !== null ? { created_to: filters.to } : {}),
  };
}
