import type { components } from '@portal/sdk/schema';
import { downloadFile } from '@portal/sdk/files';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { saveFile } from '#src/lib/save-file.ts';
import {
  etagOf,
  staffCountsKeyPrefix,
  staffListsKeyPrefix,
  staffTicketQueryKey,
  type Attachment,
  type VersionedTicket,
} from './staff-incident-queries.ts';

export type StaffTicketChange = components['schemas']['StaffSupportTicketUpdate'];
export type MessageVisibility = components['schemas']['MessageVisibility'];

async function refreshLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: staffListsKeyPrefix() }),
    queryClient.invalidateQueries({ queryKey: staffCountsKeyPrefix() }),
  ]);
}

/**
 * PATCH /api/v1/staff/support_tickets/{id}/ with the version the change is based on (If-Match):
 * a colleague's change in between answers 412 and nothing is overwritten. The answer is the
 * changed ticket with its new version. The caller shows every failure itself.
 */
export function useChangeStaffTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ etag, change }: { etag: string; change: StaffTicketChange }): Promise<VersionedTicket> => {
      const { data, response } = await apiClient.PATCH('/api/v1/staff/support_tickets/{id}/', {
        params: { path: { id }, header: { 'If-Match': etag } },
        body: change,
      });
      if (!data) throw new Error('PATCH /api/v1/staff/support_tickets/{id}/ answered without a ticket');
      return { ticket: data, etag: etagOf(response, data) };
    },
    onSuccess: (versioned) => {
      queryClient.setQueryData(staffTicketQueryKey(id), versioned);
      void refreshLists(queryClient);
    },
  });
}

/** POST /api/v1/staff/support_tickets/{id}/messages/: an answer the tenant sees, or an internal note. */
export function useAddStaffMessage(id: number) {
  const queryClient = useQueryClient();
  // The same message sent again after a lost answer is the first one, replayed.
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: { body: string; visibility: MessageVisibility }) => {
      const { data } = await apiClient.POST('/api/v1/staff/support_tickets/{id}/messages/', {
        params: { path: { id }, header: { 'Idempotency-Key': keys.keyFor(body) } },
        body,
      });
      return data;
    },
    // The message raised the ticket's version: the detail is read again with the new one.
    onSuccess: () => {
      keys.succeeded();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: staffTicketQueryKey(id) }),
        refreshLists(queryClient),
      ]);
    },
  });
}

/** Downloads an attachment of ticket `ticketId` and offers it to the user as a file. */
export async function downloadStaffAttachment(ticketId: number, attachment: Attachment): Promise<void> {
  const file = await downloadFile(apiClient, '/api/v1/staff/support_tickets/{id}/attachments/{attachmentId}/', {
    params: { path: { id: ticketId, attachmentId: attachment.id } },
  });
  saveFile(file, attachment.file_name);
}
