import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { incidentNewsQueryOptions } from '#src/lib/incident-news.ts';
import { incidentQueryOptions, incidentsListKeyPrefix, type IncidentDetail } from './incident-queries.ts';

export type IncidentCreateBody = components['schemas']['SupportTicketCreate'];

/**
 * POST /api/v1/support_tickets/ with one Idempotency-Key per submission (lib/idempotency-key.ts):
 * the same report sent again after a lost answer is the first ticket, replayed, while changed
 * content is a new create. The form shows its own errors (no global toast).
 */
export function useCreateIncident() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: IncidentCreateBody) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/', {
        params: { header: { 'Idempotency-Key': keys.keyFor(body) } },
        body,
      });
      if (!data) throw new Error('POST /api/v1/support_tickets/ answered without a ticket');
      return data;
    },
    onSuccess: (ticket) => {
      keys.succeeded();
      queryClient.setQueryData(incidentQueryOptions(ticket.id).queryKey, ticket);
      void queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() });
    },
  });
}

/** POST /api/v1/support_tickets/{id}/messages/; the caller toasts (docs/product.md §8 wording). */
export function useAddComment(id: number) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: string) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/messages/', {
        params: { path: { id }, header: { 'Idempotency-Key': keys.keyFor(body) } },
        body: { body },
      });
      return data;
    },
    onSuccess: () => {
      keys.succeeded();
      return invalidateIncident(queryClient, id);
    },
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

/** Sets the answered ticket and refreshes the lists and the header's news count. */
function useSettleTicket(id: number) {
  const queryClient = useQueryClient();
  return (ticket: IncidentDetail) => {
    queryClient.setQueryData(incidentQueryOptions(id).queryKey, ticket);
    void queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() });
  };
}

/** POST /api/v1/support_tickets/{id}/confirm/: „Je závada odstraněna?“ – yes. */
export function useConfirmFix(id: number) {
  const settle = useSettleTicket(id);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/confirm/', { params: { path: { id } } });
      if (!data) throw new Error('confirm answered without a ticket');
      return data;
    },
    onSuccess: settle,
  });
}

/** POST /api/v1/support_tickets/{id}/reopen/: „Je závada odstraněna?“ – no, with the reason. */
export function useReopenIncident(id: number) {
  const settle = useSettleTicket(id);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (reason: string) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/reopen/', {
        params: { path: { id } },
        body: { reason },
      });
      if (!data) throw new Error('reopen answered without a ticket');
      return data;
    },
    onSuccess: settle,
  });
}

export type RatingBody = components['schemas']['SupportTicketRatingCreate'];

/** POST /api/v1/support_tickets/{id}/rating/: the optional rating after the fix was confirmed. */
export function useRateIncident(id: number) {
  const settle = useSettleTicket(id);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: RatingBody) => {
      const { data } = await apiClient.POST('/api/v1/support_tickets/{id}/rating/', {
        params: { path: { id } },
        body,
      });
      if (!data) throw new Error('rating answered without a ticket');
      return data;
    },
    onSuccess: settle,
  });
}

/**
 * POST /api/v1/support_tickets/{id}/seen/ whenever the detail shows a new state of the ticket
 * (`updatedAt`): its news mark and the header's count go. A POST of its own, never a side
 * effect of reading the detail, so a prefetch or a retried GET does not clear the marks.
 */
export function useMarkSeen(id: number, updatedAt: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void apiClient
      .POST('/api/v1/support_tickets/{id}/seen/', { params: { path: { id } } })
      .then(({ response }) => {
        if (!response.ok) return;
        void queryClient.invalidateQueries({ queryKey: incidentNewsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: incidentsListKeyPrefix() });
      })
      // A courtesy: a failed mark leaves the news mark, nothing else.
      .catch(() => undefined);
  }, [id, updatedAt, queryClient]);
}
