import { downloadFile, uploadFiles } from '@portal/sdk/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { previewQueryOptions, type PreviewSize } from '#src/lib/attachment-previews.ts';
import { saveFile } from '#src/lib/save-file.ts';
import type { Attachment } from './incident-queries.ts';
import { invalidateIncident } from './incident-mutations.ts';

interface UploadVariables {
  /** The incident the files belong to, when the hook was made before it existed (the new form). */
  ticketId?: number;
  files: readonly File[];
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/v1/support_tickets/{id}/attachments/ as a mutation, so a 401 that ends the session
 * takes the same global path as every other call; the caller shows the upload's own message.
 */
export function useUploadAttachments(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ ticketId, files, onProgress }: UploadVariables) =>
      uploadFiles(apiClient, '/api/v1/support_tickets/{id}/attachments/', {
        params: { path: { id: ticketId ?? (id as number) } },
        files,
        onProgress,
      }),
    onSettled: (_data, _error, variables) => {
      const ticketId = variables.ticketId ?? id;
      if (ticketId) void invalidateIncident(queryClient, ticketId);
    },
  });
}

/** Downloads an attachment of incident `incidentId` and offers it to the user as a file. */
export async function downloadAttachment(incidentId: number, attachment: Attachment): Promise<void> {
  const file = await downloadFile(apiClient, '/api/v1/support_tickets/{id}/attachments/{attachmentId}/', {
    params: { path: { id: incidentId, attachmentId: attachment.id } },
  });
  saveFile(file, attachment.file_name);
}

/** The small (thumbnail) or large (viewer) preview of an image attachment of incident `incidentId`. */
export function attachmentPreviewQueryOptions(incidentId: number, attachment: Attachment, size: PreviewSize) {
  const path = '/api/v1/support_tickets/{id}/attachments/{attachmentId}/preview/';
  const init = { params: { path: { id: incidentId, attachmentId: attachment.id }, query: { size } } };
  return previewQueryOptions(['get', path, init], (signal) => downloadFile(apiClient, path, { ...init, signal }));
}
