import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import { errorStatus } from '#src/lib/errors.ts';
import { viewDays, type RoomView } from '../utils/room-view.ts';

export type MeetingRoom = components['schemas']['MeetingRoom'];
export type Reservation = components['schemas']['Reservation'];
export type RoomAvailability = components['schemas']['RoomAvailability'];
export type PublicReservation = components['schemas']['PublicReservation'];
export type PublicReservationCreated = components['schemas']['PublicReservationCreated'];

/** The API caps pages at 100; no building has more rooms than that. */
const ROOMS_PAGE_SIZE = 100;
export const RESERVATIONS_PAGE_SIZE = 10;

/**
 * Rooms the caller may book: for a tenant the public rooms plus those of its buildings, for the
 * public page only rooms open to public booking (also when a tenant opens that page).
 */
export const roomsQueryOptions = ({ publicOnly }: { publicOnly: boolean }) =>
  $api.queryOptions('get', '/api/v1/meeting_rooms/', {
    params: { query: { page_size: ROOMS_PAGE_SIZE, ordering: 'name', ...(publicOnly ? { public: true } : {}) } },
  });

/** One room; a room the caller may not book answers 404, which the page explains itself. */
export const roomQueryOptions = (id: number) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/meeting_rooms/{id}/', { params: { path: { id } } }),
    meta: { errorToast: false },
  });

/** Busy time ranges of a room over `from`..`to` (Prague days, inclusive). */
export const availabilityQueryOptions = (id: number, from: string, to: string) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/meeting_rooms/{id}/availability/', {
      params: { path: { id }, query: { date_from: from, date_to: to } },
    }),
    // Someone else may book meanwhile: keep the grid fresh while the page is open.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

/**
 * What a booking page's loader fetches for a room's view: the room, then its availability over
 * the day or week shown. A room the caller may not book (404) is left to the page to explain.
 */
export async function ensureRoomView(
  queryClient: QueryClient,
  view: Pick<RoomView, 'day' | 'mode'> & { roomId: number },
): Promise<void> {
  try {
    await queryClient.ensureQueryData(roomQueryOptions(view.roomId));
  } catch (error) {
    if (errorStatus(error) === 404) return;
    throw error;
  }
  const days = viewDays(view);
  await queryClient.ensureQueryData(
    availabilityQueryOptions(view.roomId, days[0] ?? view.day, days.at(-1) ?? view.day),
  );
}

/** Prefix of every availability key, to refresh them all after a booking or a conflict (docs/architecture.md §6). */
export const availabilityKeyPrefix = () => availabilityQueryOptions(1, '2000-01-01', '2000-01-01').queryKey.slice(0, 2);

/** The tenant's upcoming reservations (confirmed, ending today or later), soonest first. */
export const reservationsQueryOptions = ({ page, from }: { page: number; from: string }) =>
  listQueryOptions(apiClient, '/api/v1/meeting_rooms/reservation/', {
    params: {
      query: { page, page_size: RESERVATIONS_PAGE_SIZE, ordering: 'starts_at', status: 'confirmed', date_from: from },
    },
  });

export const reservationsKeyPrefix = () =>
  reservationsQueryOptions({ page: 1, from: '2000-01-01' }).queryKey.slice(0, 2);

/**
 * The public reservation behind a cancellation link. Reading does not cancel (a mail scanner
 * may open the link); a wrong, unknown or used link answers 404, shown as „link no longer valid".
 */
export const publicReservationQueryOptions = (uuid: string, token: string) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/meeting_rooms/reservation/{uuid}/cancel/{token}/', {
      params: { path: { uuid, token } },
    }),
    meta: { errorToast: false },
    retry: false,
    // The page must not show a stale „confirmed" after the button was pressed elsewhere.
    staleTime: 0,
  });
