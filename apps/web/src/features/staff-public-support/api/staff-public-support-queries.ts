import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { downloadFile } from '@portal/sdk/files';
import { $api, apiClient } from '#src/lib/api.ts';
import { previewQueryOptions, type PreviewSize } from '#src/lib/attachment-previews.ts';
import { apiFilters, type RequestFilters } from '../utils/request-search.ts';

export type StaffRequest = components['schemas']['StaffPublicSupportRequest'];
export type StaffRequestDetail = components['schemas']['StaffPublicSupportRequestDetail'];
export type RequestMessage = components['schemas']['PublicSupportMessage'];
export type RequestAttachment = components['schemas']['PublicSupportAttachment'];
export type RequestStatus = components['schemas']['TicketStatus'];
export type RequestCategory = components['schemas']['PublicSupportCategory'];

/** A dense table, like the incident queue. */
export const REQUESTS_PAGE_SIZE = 25;
/** The detail is refetched this often while open, so the visitor's reply or a colleague's change shows up. */
export const DETAIL_REFRESH_MS = 15_000;

/** One page of the public requests with X-Total-Count. */
export const staffRequestsQueryOptions = (filters: RequestFilters) =>
  listQueryOptions(apiClient, '/api/v1/staff/public_support/', {
    params: { query: { ...apiFilters(filters), page: filters.page, page_size: REQUESTS_PAGE_SIZE } },
  });

/** The buildings the caller manages (the building filter). */
export const staffBuildingsQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/buildings/'), staleTime: 5 * 60_000 });

/** A request with its version: the ETag (`W/"<version>"`) goes back as If-Match with a change. */
export interface VersionedRequest {
  request: StaffRequestDetail;
  etag: string;
}

/** The ETag of an answer, or the one the contract derives from the version when a proxy dropped it. */
export function etagOf(response: Response, request: StaffRequestDetail): string {
  return response.headers.get('etag') ?? `W/"${request.version}"`;
}

export const staffRequestQueryKey = (id: number) =>
  ['get', '/api/v1/staff/public_support/{id}/', id, 'versioned'] as const;

/** One request with the visitor's contact, the messages, the files and the version. */
export const staffRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffRequestQueryKey(id),
    queryFn: async ({ signal }): Promise<VersionedRequest> => {
      const { data, response } = await apiClient.GET('/api/v1/staff/public_support/{id}/', {
        params: { path: { id } },
        signal,
      });
      if (!data) throw new Error('GET /api/v1/staff/public_support/{id}/ answered without a request');
      return { request: data, etag: etagOf(response, data) };
    },
    refetchInterval: DETAIL_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A vanished request (404) is shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Prefix of every list key, for invalidation. */
export const staffRequestsKeyPrefix = () => ['get', '/api/v1/staff/public_support/'] as const;

/** The small (thumbnail) or large (viewer) preview of a visitor's image on request `requestId`. */
export function requestAttachmentPreviewQueryOptions(
  requestId: number,
  attachment: RequestAttachment,
  size: PreviewSize,
) {
  const path = '/api/v1/staff/public_support/{id}/attachments/{attachmentId}/preview/';
  const init = { params: { path: { id: requestId, attachmentId: attachment.id }, query: { size } } };
  return previewQueryOptions(['get', path, init], (signal) => downloadFile(apiClient, path, { ...init, signal }));
}
