import { isRealDay, pragueDay } from '#src/lib/prague-time.ts';

export interface RoomDay {
  /** The room whose reservations are shown, or null before one is picked. */
  room: number | null;
  /** A Prague day `YYYY-MM-DD`; today when the address names none (or a malformed one). */
  day: string;
}

/** Czech names of the page's address parameters (docs/product.md §2), as on the tenant's room pages. */
export const ROOM_DAY_PARAMS = { room: 'mistnost', day: 'den' } as const;

const POSITIVE_INT = /^[1-9]\d{0,9}$/;

export function roomDayFromSearch(search: URLSearchParams, now: Date = new Date()): RoomDay {
  const room = search.get(ROOM_DAY_PARAMS.room)?.trim() ?? '';
  const day = search.get(ROOM_DAY_PARAMS.day)?.trim() ?? '';
  return { room: POSITIVE_INT.test(room) ? Number(room) : null, day: isRealDay(day) ? day : pragueDay(now) };
}

export function searchFor({ room, day }: RoomDay): string {
  const search = new URLSearchParams();
  if (room !== null) search.set(ROOM_DAY_PARAMS.room, String(room));
  search.set(ROOM_DAY_PARAMS.day, day);
  return `?${search.toString()}`;
}
