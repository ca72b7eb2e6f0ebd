import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { isApiError } from '#src/lib/errors.ts';
import { availabilityKeyPrefix, publicReservationQueryOptions, reservationsKeyPrefix } from './meeting-room-queries.ts';

export type ReservationCreateBody = components['schemas']['ReservationCreate'];
export type PublicReservationCreateBody = components['schemas']['PublicReservationCreate'];

/** The API's code for a slot someone else booked first (exclusion constraint → 409). */
export const RESERVATION_CONFLICT = 'reservation_conflict';

export const isReservationConflict = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.code === RESERVATION_CONFLICT;

/** Availability and the reservation list change together after every booking or cancellation. */
export async function refreshBookings(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: availabilityKeyPrefix() }),
    queryClient.invalidateQueries({ queryKey: reservationsKeyPrefix() }),
  ]);
}

/** POST /api/v1/meeting_rooms/reservation/ – the form shows its own errors (no global toast). */
export function useCreateReservation() {
  const queryClient = useQueryClient();
  // One Idempotency-Key per booking: the same slot booked again after a lost answer is the
  // first booking, replayed, not a second one (lib/idempotency-key.ts).
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: ReservationCreateBody) => {
      const { data } = await apiClient.POST('/api/v1/meeting_rooms/reservation/', {
        params: { header: { 'Idempotency-Key': keys.keyFor(body) } },
        body,
      });
      if (!data) throw new Error('POST /api/v1/meeting_rooms/reservation/ answered without a reservation');
      return data;
    },
    onSuccess: () => keys.succeeded(),
    // A conflict means the grid the user saw was stale: refresh it as well.
    onSettled: () => refreshBookings(queryClient),
  });
}

/** POST /api/v1/meeting_rooms/reservation/{id}/cancel/ – the dialog shows a failure itself. */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (id: number) => {
      const { data } = await apiClient.POST('/api/v1/meeting_rooms/reservation/{id}/cancel/', {
        params: { path: { id } },
      });
      if (!data) throw new Error('cancel answered without a reservation');
      return data;
    },
    onSettled: () => refreshBookings(queryClient),
  });
}

/** POST /api/v1/meeting_rooms/reservation/public/ with the form's bot-protection token. */
export function useCreatePublicReservation() {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, botToken }: { body: PublicReservationCreateBody; botToken: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/meeting_rooms/reservation/public/', {
        params: {
          header: { 'Idempotency-Key': keys.keyFor(body), ...(botToken ? { 'X-Bot-Token': botToken } : {}) },
        },
        body,
      });
      if (!data) throw new Error('POST /api/v1/meeting_rooms/reservation/public/ answered without a reservation');
      return data;
    },
    onSuccess: () => keys.succeeded(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeyPrefix() }),
  });
}

/** POST /api/v1/meeting_rooms/reservation/{uuid}/cancel/{token}/ – only on the button press. */
export function useCancelPublicReservation(uuid: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      const { data } = await apiClient.POST('/api/v1/meeting_rooms/reservation/{uuid}/cancel/{token}/', {
        params: { path: { uuid, token } },
      });
      if (!data) throw new Error('cancel answered without a reservation');
      return data;
    },
    onSuccess: async (cancelled) => {
      // The link is used up; a later visit reads it again (staleTime 0) and gets the 404.
      queryClient.setQueryData(publicReservationQueryOptions(uuid, token).queryKey, cancelled);
      await queryClient.invalidateQueries({ queryKey: availabilityKeyPrefix() });
    },
  });
}
