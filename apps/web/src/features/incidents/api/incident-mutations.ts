import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { incidentQueryOptions, incidentsListKeyPrefix, type IncidentDetail } from './incident-queries.ts';

/**
 * A fresh Idempotency-Key per submit attempt: the server replays a repeated key, so a POST
 * retried after a lost answer never creates a second ticket, while a new attempt after an
 * error (changed input) is a new create.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type IncidentCreateBody = components['schemas']['SupportTicketCreate'];

/** POST /api/v1/support_tickets/. The form shows its own errors (no global toast). */
export function useCreateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, idempotencyKey }: { body: IncidentCreateBody; idempotencyKey: string }) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body,
      });
      if (!data) throw new Error('POST /api/v1/support_tickets/ answered without a ticket');
      return data;
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(incidentQueryOptions(ticket.id).queryKey, ticket);
      void queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() });
    },
  });
}

/** POST /api/v1/support_tickets/{id}/messages/; the caller toasts (docs/product.md §8 wording). */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: string) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/messages/', {
        params: { path: { id }, header: { 'Idempotency-Key': newIdempotencyKey() } },
        body: { body },
      });
      return data;
    },
    onSuccess: () => invalidateIncident(queryClient, id),
  });
}

/** POST /api/v1/support_tickets/{id}/close/ with the resolution. */
export function useCloseIncident(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (resolution: string) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/close/', {
        params: { path: { id } },
        body: { resolution },
      });
      if (!data) throw new Error('close answered without a ticket');
      return data;
    },
    onSuccess: (ticket: IncidentDetail) => {
      queryClient.setQueryData(incidentQueryOptions(id).queryKey, ticket);
      void queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() });
    },
  });
}

export async function invalidateIncident(queryClient: ReturnType<typeof useQueryClient>, id: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: incidentQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() }),
  ]);
}
