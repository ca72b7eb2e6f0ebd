import { ApiError, apiErrorFromResponse, CSRF_HEADER, NETWORK_ERROR_MESSAGE } from '@portal/sdk/client';
import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '#src/config/env.ts';
import { apiClient } from '#src/lib/api.ts';
import { saveBlob } from '#src/lib/download-file.ts';
import { publicRequestQueryOptions, type PublicAttachment } from './public-support-queries.ts';

export type PublicRequestCreate = components['schemas']['PublicSupportRequestCreate'];

/** `X-Bot-Token` only when protection is on (the BFF ignores it otherwise). */
const botHeader = (botToken: string | null) => (botToken ? { 'X-Bot-Token': botToken } : {});

/**
 * POST /api/v1/public_support/ with the bot-protection token and a fresh Idempotency-Key per
 * submit (a retried POST after a lost answer never creates a second request). The form shows
 * its own errors, so no global toast.
 */
export function useCreatePublicRequest() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, botToken }: { body: PublicRequestCreate; botToken: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/public_support/', {
        params: { header: { 'Idempotency-Key': crypto.randomUUID(), ...botHeader(botToken) } },
        body,
      });
      if (!data) throw new Error('POST /api/v1/public_support/ answered without a request');
      return data;
    },
  });
}

/** POST …/add_message/?code= (bot-protected like the create); the request is read again afterwards. */
export function useAddPublicMessage(id: number, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, botToken }: { body: string; botToken: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/public_support/{id}/add_message/', {
        params: {
          path: { id },
          query: { code },
          header: { 'Idempotency-Key': crypto.randomUUID(), ...botHeader(botToken) },
        },
        body: { body },
      });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicRequestQueryOptions(id, code).queryKey }),
  });
}

const absolute = (path: string) => new URL(path, env.apiBaseUrl || window.location.origin).toString();

/** fetch with the CSRF header; every non-2xx answer becomes the SDK's ApiError, like every other call. */
async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(absolute(path), { ...init, credentials: 'same-origin', headers: { [CSRF_HEADER]: '1' } });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

/**
 * POST …/attachments/?code= (multipart, one `files` part per file). A FormData body gets its
 * Content-Length from the browser, which the BFF requires before it streams the upload on.
 */
export async function uploadPublicAttachments(
  id: number,
  code: string,
  files: readonly File[],
): Promise<PublicAttachment[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const response = await send(`/api/v1/public_support/${id}/attachments/?code=${encodeURIComponent(code)}`, {
    method: 'POST',
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!Array.isArray(body) || body.length === 0) throw new EmptyUploadError();
  return body as PublicAttachment[];
}

/** The upload answered 2xx without the stored files (spec §5's case). */
export class EmptyUploadError extends Error {
  override name = 'EmptyUploadError';
}

/**
 * Downloads an attachment through the BFF (the API call needs the CSRF header, so a plain link
 * cannot be used) and hands it to the browser as a file with its own name.
 */
export async function downloadPublicAttachment(attachment: PublicAttachment, code: string): Promise<void> {
  const response = await send(`${attachment.download_url}?code=${encodeURIComponent(code)}`, { method: 'GET' });
  saveBlob(new Blob([await response.arrayBuffer()], { type: attachment.content_type }), attachment.file_name);
}
