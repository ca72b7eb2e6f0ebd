import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import { isApiError } from '#src/lib/errors.ts';
import { EMPTY_FILTERS, type IncidentListFilters } from '../utils/list-search.ts';

export type Incident = components['schemas']['SupportTicket'];
export type IncidentDetail = components['schemas']['SupportTicketDetail'];
export type TimelineEntry = components['schemas']['TimelineEntry'];
export type Attachment = components['schemas']['Attachment'];
export type IncidentPriority = components['schemas']['TicketPriority'];
export type IncidentStatus = components['schemas']['TicketStatus'];
export type Building = components['schemas']['Building'];

export { PRIORITIES, STATUSES, type IncidentListFilters } from '../utils/list-search.ts';

export const INCIDENTS_PAGE_SIZE = 10;

/** Detail data is refetched this often while open, so the operator's changes show up (issue 6). */
export const DETAIL_REFRESH_MS = 10_000;

/** A page of the list in the chosen order, with X-Total-Count for the pagination. */
export const incidentsQueryOptions = ({ page, status, priority, search, ordering }: IncidentListFilters) =>
  listQueryOptions(apiClient, '/api/v1/support_tickets/', {
    params: {
      query: {
        page,
        page_size: INCIDENTS_PAGE_SIZE,
        ordering,
        ...(status ? { status: [status] } : {}),
        ...(priority ? { priority: [priority] } : {}),
        ...(search ? { search } : {}),
      },
    },
  });

/** One ticket with its timeline and attachments. */
export const incidentQueryOptions = (id: number) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/support_tickets/{id}/', { params: { path: { id } } }),
    // Operator-side changes (status, comment, assignment) appear without a manual reload.
    refetchInterval: DETAIL_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A vanished ticket (404) is shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/**
 * Which of `tenantIds` (the user's other tenants) owns ticket `id`, or null: the detail is asked
 * for as each of them in turn (X-Tenant-ID, which the BFF honours only for the user's own
 * tenants), so nothing is learnt about tickets of tenants the user has no access to. For the
 * offer to switch tenants when a link of another tenant of the user answers 404.
 */
export const incidentOwnerQueryOptions = (id: number, tenantIds: readonly string[]) =>
  queryOptions({
    queryKey: ['incidents', 'owner', id, tenantIds] as const,
    queryFn: async (): Promise<string | null> => {
      for (const tenantId of tenantIds) {
        try {
          await apiClient.GET('/api/v1/support_tickets/{id}/', {
            params: { path: { id }, header: { 'X-Tenant-ID': tenantId } },
          });
          return tenantId;
        } catch (error) {
          // Not this tenant's (404), or access revoked meanwhile (403): try the next.
          if (isApiError(error) && (error.status === 404 || error.status === 403)) continue;
          throw error;
        }
      }
      return null;
    },
    retry: false,
    staleTime: 0,
    meta: { errorToast: false },
  });

/** The selected tenant's buildings, for the new-incident form (the server checks the choice). */
export const incidentBuildingsQueryOptions = () =>
  $api.queryOptions('get', '/api/v1/buildings/', {
    params: { query: { tenant_only: true, page_size: 100, ordering: 'name' } },
  });

/** Prefix keys of every incidents list page, for invalidation after a change (docs/architecture.md §6). */
export const incidentsListKeyPrefix = () => incidentsQueryOptions(EMPTY_FILTERS).queryKey.slice(0, 2);
