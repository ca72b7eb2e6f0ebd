import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { staffOutagesKeyPrefix, type OutageCreate, type OutageUpdate } from './staff-outage-queries.ts';

function useRefreshOutages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffOutagesKeyPrefix() });
}

/**
 * POST /api/v1/staff/maintenance_events/: announces an outage, with one Idempotency-Key per
 * announcement (lib/idempotency-key.ts), so the same one sent again after a timeout is not
 * announced twice.
 */
export function useCreateOutage() {
  const refresh = useRefreshOutages();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: OutageCreate) => {
      const { data } = await apiClient.POST('/api/v1/staff/maintenance_events/', {
        params: { header: { 'Idempotency-Key': keys.keyFor(body) } },
        body,
      });
      return data;
    },
    onSuccess: () => {
      keys.succeeded();
      return refresh();
    },
  });
}

/**
 * PATCH /api/v1/staff/maintenance_events/{id}/ with the version the edit is based on (If-Match):
 * a colleague's change in between answers 412 and nothing is overwritten.
 */
export function useUpdateOutage() {
  const refresh = useRefreshOutages();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ id, etag, change }: { id: number; etag: string; change: OutageUpdate }) => {
      const { data } = await apiClient.PATCH('/api/v1/staff/maintenance_events/{id}/', {
        params: { path: { id }, header: { 'If-Match': etag } },
        body: change,
      });
      return data;
    },
    onSuccess: refresh,
  });
}

/** POST /api/v1/staff/maintenance_events/{id}/cancel/: tenants and visitors no longer see it. */
export function useCancelOutage() {
  const refresh = useRefreshOutages();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ id, reason }: { id: number; reason: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/staff/maintenance_events/{id}/cancel/', {
        params: { path: { id } },
        body: { reason },
      });
      return data;
    },
    // A refusal (already cancelled by a colleague) also means the list is out of date.
    onSettled: refresh,
  });
}
