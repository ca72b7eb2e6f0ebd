import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';

export type Incident = components['schemas']['SupportTicket'];
export type IncidentDetail = components['schemas']['SupportTicketDetail'];
export type TimelineEntry = components['schemas']['TimelineEntry'];
export type Attachment = components['schemas']['Attachment'];
export type IncidentPriority = components['schemas']['TicketPriority'];
export type IncidentStatus = components['schemas']['TicketStatus'];
export type Building = components['schemas']['Building'];

export const PRIORITIES = ['low', 'standard', 'high', 'critical'] as const satisfies readonly IncidentPriority[];
export const STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const satisfies readonly IncidentStatus[];

export const INCIDENTS_PAGE_SIZE = 10;

/** Detail data is refetched this often while open, so the operator's changes show up (issue 6). */
export const DETAIL_REFRESH_MS = 10_000;

export interface IncidentListFilters {
  page: number;
  status: IncidentStatus | null;
  priority: IncidentPriority | null;
}

/** The list, newest first, with X-Total-Count for the pagination. */
export const incidentsQueryOptions = ({ page, status, priority }: IncidentListFilters) =>
  listQueryOptions(apiClient, '/api/v1/support_tickets/', {
    params: {
      query: {
        page,
        page_size: INCIDENTS_PAGE_SIZE,
        ordering: '-created_at',
        ...(status ? { status: [status] } : {}),
        ...(priority ? { priority: [priority] } : {}),
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

/** The selected tenant's buildings, for the new-incident form (the server checks the choice). */
export const incidentBuildingsQueryOptions = () =>
  $api.queryOptions('get', '/api/v1/buildings/', {
    params: { query: { tenant_only: true, page_size: 100, ordering: 'name' } },
  });

/** Prefix keys of every incidents list page, for invalidation after a change (docs/architecture.md §6). */
export const incidentsListKeyPrefix = () =>
  incidentsQueryOptions({ page: 1, status: null, priority: null }).queryKey.slice(0, 2);
