import type { Reservation } from '../api/meeting-room-queries.ts';

/**
 * The first confirmed reservation that has not ended yet, from a list ordered by start (the
 * list's `date_from` is a whole Prague day, so this morning's finished meeting is still in it).
 */
export function nextBooking(reservations: readonly Reservation[], now = new Date()): Reservation | null {
  return (
    reservations.find(
      (reservation) => reservation.status === 'confirmed' && new Date(reservation.ends_at).getTime() > now.getTime(),
    ) ?? null
  );
}
