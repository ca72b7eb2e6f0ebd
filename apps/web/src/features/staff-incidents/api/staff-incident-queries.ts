import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { downloadFile } from '@portal/sdk/files';
import { $api, apiClient } from '#src/lib/api.ts';
import { previewQueryOptions, type PreviewSize } from '#src/lib/attachment-previews.ts';
import { apiFilters, type QueueFilters } from '../utils/queue-search.ts';

export type StaffTicket = components['schemas']['StaffSupportTicket'];
export type StaffTicketDetail = components['schemas']['StaffSupportTicketDetail'];
export type StaffTimelineEntry = components['schemas']['StaffTimelineEntry'];
export type StaffTicketCounts = components['schemas']['StaffSupportTicketCounts'];
export type StaffMember = components['schemas']['StaffMember'];
export type TicketStatus = components['schemas']['TicketStatus'];
export type TicketPriority = components['schemas']['TicketPriority'];
export type Attachment = components['schemas']['Attachment'];
export type Visit = components['schemas']['Visit'];

/** A dense table: more rows per page than the tenant's list. */
export const QUEUE_PAGE_SIZE = 25;
/** The overview's short lists. */
export const OVERVIEW_LIST_SIZE = 5;
/** The detail is refetched this often while open, so a colleague's change or the tenant's reply shows up. */
export const DETAIL_REFRESH_MS = 15_000;

/** One page of the staff queue with X-Total-Count. */
export const staffQueueQueryOptions = (filters: QueueFilters) =>
  listQueryOptions(apiClient, '/api/v1/staff/support_tickets/', {
    params: {
      query: { ...apiFilters(filters), ordering: filters.ordering, page: filters.page, page_size: QUEUE_PAGE_SIZE },
    },
  });

/** The overview's short lists: the newest unassigned tickets, the caller's most recently active ones. */
export const overviewListQueryOptions = (which: 'unassigned' | 'mine') =>
  listQueryOptions(apiClient, '/api/v1/staff/support_tickets/', {
    params: {
      query: {
        status: ['open', 'in_progress'],
        assignee: which === 'unassigned' ? 'none' : 'me',
        ordering: which === 'unassigned' ? '-created_at' : '-updated_at',
        page: 1,
        page_size: OVERVIEW_LIST_SIZE,
      },
    },
  });

/** Tickets per status, unassigned and mine (the overview). */
export const staffCountsQueryOptions = () => $api.queryOptions('get', '/api/v1/staff/support_tickets/counts/');

/** The staff directory (assignment and the assignee filter). Changes rarely. */
export const staffMembersQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/directory/'), staleTime: 5 * 60_000 });

/** The buildings the caller manages (the building filter). */
export const staffBuildingsQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/buildings/'), staleTime: 5 * 60_000 });

/**
 * Tenants for the tenant filter: the first hundred by name. A tenant further down the list is
 * still filtered by when the address names it (a link from a ticket's row).
 */
export const staffTenantsQueryOptions = () =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/staff/tenants/', { params: { query: { page_size: 100, ordering: 'name' } } }),
    staleTime: 5 * 60_000,
  });

/** A ticket with its version: the ETag (`W/"<version>"`) goes back as If-Match with a change. */
export interface VersionedTicket {
  ticket: StaffTicketDetail;
  etag: string;
}

/** The ETag of an answer, or the one the contract derives from the version when a proxy dropped it. */
export function etagOf(response: Response, ticket: StaffTicketDetail): string {
  return response.headers.get('etag') ?? `W/"${ticket.version}"`;
}

export const staffTicketQueryKey = (id: number) =>
  ['get', '/api/v1/staff/support_tickets/{id}/', id, 'versioned'] as const;

/** One ticket with its whole timeline (internal notes included) and its version. */
export const staffTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffTicketQueryKey(id),
    queryFn: async ({ signal }): Promise<VersionedTicket> => {
      const { data, response } = await apiClient.GET('/api/v1/staff/support_tickets/{id}/', {
        params: { path: { id } },
        signal,
      });
      if (!data) throw new Error('GET /api/v1/staff/support_tickets/{id}/ answered without a ticket');
      return { ticket: data, etag: etagOf(response, data) };
    },
    refetchInterval: DETAIL_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A vanished ticket (404) is shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Prefix of every staff list key (queue pages, the overview's lists), for invalidation. */
export const staffListsKeyPrefix = () => ['get', '/api/v1/staff/support_tickets/'] as const;
export const staffCountsKeyPrefix = () => ['get', '/api/v1/staff/support_tickets/counts/'] as const;

/** The small (thumbnail) or large (viewer) preview of an image attachment of ticket `ticketId`. */
export function staffAttachmentPreviewQueryOptions(ticketId: number, attachment: Attachment, size: PreviewSize) {
  const path = '/api/v1/staff/support_tickets/{id}/attachments/{attachmentId}/preview/';
  const init = { params: { path: { id: ticketId, attachmentId: attachment.id }, query: { size } } };
  return previewQueryOptions(['get', path, init], (signal) => downloadFile(apiClient, path, { ...init, signal }));
}
