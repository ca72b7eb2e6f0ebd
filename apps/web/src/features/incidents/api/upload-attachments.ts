import { ApiError, apiErrorFromResponse, CSRF_HEADER, NETWORK_ERROR_MESSAGE } from '@portal/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { env } from '#src/config/env.ts';
import type { Attachment } from './incident-queries.ts';
import { invalidateIncident } from './incident-mutations.ts';
// Its messages are read outside React (i18next.t), wherever this module is used.
import '../i18n.ts';

/** Thrown when the upload answered 2xx but not a non-empty list (spec §5). */
export class EmptyUploadError extends Error {
  override name = 'EmptyUploadError';
}

/**
 * POST /api/v1/support_tickets/{id}/attachments/ (multipart, one `files` part per file).
 * XMLHttpRequest rather than fetch: only XHR reports upload progress in every browser we
 * support (fetch upload streams need HTTP/2 and are Chromium-only). XHR also sends the
 * Content-Length the BFF requires (it answers 411 without one). Errors become the SDK's
 * ApiError so the UI treats them like every other call.
 */
export function uploadAttachments(
  id: number,
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<Attachment[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const base = env.apiBaseUrl || window.location.origin;
  const url = new URL(`/api/v1/support_tickets/${id}/attachments/`, base).toString();

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = false;
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE }));
    xhr.onload = () => {
      const text = typeof xhr.response === 'string' ? xhr.response : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        void apiErrorFromResponse(new Response(text, { status: xhr.status })).then(reject);
        return;
      }
      let body: unknown = null;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = null;
      }
      if (!Array.isArray(body) || body.length === 0) {
        reject(new EmptyUploadError(i18next.t('incidents:upload.failed')));
        return;
      }
      onProgress?.(1);
      resolve(body as Attachment[]);
    };
    xhr.send(form);
  });
}

/**
 * The upload as a mutation, so a 401 that ends the session takes the same global path as
 * every other call; the caller shows the upload's own message.
 */
export function useUploadAttachments(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({
      ticketId,
      files,
      onProgress,
    }: {
      ticketId?: number;
      files: readonly File[];
      onProgress?: (fraction: number) => void;
    }) => uploadAttachments(ticketId ?? (id as number), files, onProgress),
    onSettled: (_data, _error, variables) => {
      const ticketId = variables.ticketId ?? id;
      if (ticketId) void invalidateIncident(queryClient, ticketId);
    },
  });
}
