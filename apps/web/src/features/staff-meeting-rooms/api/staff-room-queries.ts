import type { components } from '@portal/sdk/schema';
import { queryOptions } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';

export type StaffRoom = components['schemas']['MeetingRoom'];
export type StaffReservation = components['schemas']['StaffReservation'];

/** Every room of the caller's buildings, sorted by building and name. Changes rarely. */
export const staffRoomsQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/meeting_rooms/'), staleTime: 5 * 60_000 });

/** A room's reservations on a Prague day, confirmed and cancelled, by start. */
export const staffReservationsQueryOptions = (room: number, day: string) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/staff/meeting_rooms/reservations/', { params: { query: { room, day } } }),
    // A room outside the caller's buildings (404) is shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Prefix of every day list's key, for invalidation. */
export const staffReservationsKeyPrefix = () => ['get', '/api/v1/staff/meeting_rooms/reservations/'] as const;
