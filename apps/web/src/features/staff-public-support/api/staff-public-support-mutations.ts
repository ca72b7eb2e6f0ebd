import { downloadFile } from '@portal/sdk/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { saveFile } from '#src/lib/save-file.ts';
import {
  etagOf,
  staffRequestQueryKey,
  staffRequestsKeyPrefix,
  type RequestAttachment,
  type RequestStatus,
  type VersionedRequest,
} from './staff-public-support-queries.ts';

/**
 * PATCH /api/v1/staff/public_support/{id}/ (a status change, closing too) with the version the
 * change is based on (If-Match): a colleague's change in between answers 412 and nothing is
 * overwritten. The caller shows every failure itself.
 */
export function useChangeRequestStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ etag, status }: { etag: string; status: RequestStatus }): Promise<VersionedRequest> => {
      const { data, response } = await apiClient.PATCH('/api/v1/staff/public_support/{id}/', {
        params: { path: { id }, header: { 'If-Match': etag } },
        body: { status },
      });
      if (!data) throw new Error('PATCH /api/v1/staff/public_support/{id}/ answered without a request');
      return { request: data, etag: etagOf(response, data) };
    },
    onSuccess: (versioned) => {
      queryClient.setQueryData(staffRequestQueryKey(id), versioned);
      void queryClient.invalidateQueries({ queryKey: staffRequestsKeyPrefix() });
    },
  });
}

/** POST /api/v1/staff/public_support/{id}/messages/: an answer the visitor sees with the access code. */
export function useAnswerRequest(id: number) {
  const queryClient = useQueryClient();
  // The same answer sent again after a lost answer is the first one, replayed.
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: string) => {
      const { data } = await apiClient.POST('/api/v1/staff/public_support/{id}/messages/', {
        params: { path: { id }, header: { 'Idempotency-Key': keys.keyFor(body) } },
        body: { body },
      });
      return data;
    },
    onSuccess: () => keys.succeeded(),
    // The answer raised the request's version (and a refusal may mean it was closed meanwhile):
    // the detail is read again either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffRequestQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: staffRequestsKeyPrefix() }),
      ]),
  });
}

/** Downloads a visitor's file of request `requestId` and offers it to the user. */
export async function downloadRequestAttachment(requestId: number, attachment: RequestAttachment): Promise<void> {
  const file = await downloadFile(apiClient, '/api/v1/staff/public_support/{id}/attachments/{attachmentId}/', {
    params: { path: { id: requestId, attachmentId: attachment.id } },
  });
  saveFile(file, attachment.file_name);
}
