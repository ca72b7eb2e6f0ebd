import type { components } from '@portal/sdk/schema';
import { ticketStatusValues } from '@portal/sdk/schema';
import { queryOptions } from '@tanstack/react-query';
import { downloadFile } from '@portal/sdk/files';
import { $api, apiClient } from '#src/lib/api.ts';
import { previewQueryOptions, type PreviewSize } from '#src/lib/attachment-previews.ts';

export type PublicRequest = components['schemas']['PublicSupportRequest'];
export type PublicMessage = components['schemas']['PublicSupportMessage'];
export type PublicAttachment = components['schemas']['PublicSupportAttachment'];
export type PublicCategory = components['schemas']['PublicSupportCategory'];
export type PublicStatus = components['schemas']['TicketStatus'];
export type Building = components['schemas']['Building'];

/** The contract's values, in its order (generated from bff.yaml). */
export const PUBLIC_STATUSES: readonly PublicStatus[] = ticketStatusValues;

/** The request page refetches this often while open, so the operator's answer shows up by itself. */
export const REQUEST_REFRESH_MS = 15_000;

/**
 * One request with its messages and attachments, read with its access code. The code is part of
 * the query key (two codes are two different questions), never of the page address after the
 * first visit (routes/public-support: the code moves into this browser's remembered list).
 */
export const publicRequestQueryOptions = (id: number, code: string) =>
  queryOptions({
    // The code in `X-Access-Code`, never in the API address (bff.yaml AccessCode).
    ...$api.queryOptions('get', '/api/v1/public_support/{id}/', {
      params: { path: { id }, header: { 'X-Access-Code': code } },
    }),
    refetchInterval: REQUEST_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A wrong code (404) or too many guesses (429) are shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Every building, for the public forms' building choice (buildings are public). */
export const publicBuildingsQueryOptions = () =>
  $api.queryOptions(
    'get',
    '/api/v1/buildings/',
    { params: { query: { page_size: 100, ordering: 'name' } } },
    { staleTime: 5 * 60_000 },
  );

/** The small (thumbnail) or large (viewer) preview of an image of request `id`, read with its code. */
export function publicAttachmentPreviewQueryOptions(
  id: number,
  code: string,
  attachment: PublicAttachment,
  size: PreviewSize,
) {
  const path = '/api/v1/public_support/{id}/attachments/{attachmentId}/preview/';
  const init = {
    params: { path: { id, attachmentId: attachment.id }, query: { size }, header: { 'X-Access-Code': code } },
  };
  return previewQueryOptions(['get', path, init], (signal) => downloadFile(apiClient, path, { ...init, signal }));
}
