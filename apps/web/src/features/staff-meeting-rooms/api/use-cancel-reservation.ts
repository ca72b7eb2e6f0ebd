import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { staffReservationsKeyPrefix } from './staff-room-queries.ts';

/**
 * POST /api/v1/staff/meeting_rooms/reservations/{id}/cancel/ with the reason. A reservation
 * that has started or was cancelled meanwhile answers 409; the day is read again either way.
 */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      const { data } = await apiClient.POST('/api/v1/staff/meeting_rooms/reservations/{id}/cancel/', {
        params: { path: { id } },
        body: { reason },
      });
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffReservationsKeyPrefix() }),
  });
}
