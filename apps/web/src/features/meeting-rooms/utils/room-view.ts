import { isRealDay, weekDays } from '#src/lib/prague-time.ts';

/**
 * What the booking pages show lives in the URL, so every view can be linked, reloaded and
 * reached with Back: `?mistnost=3&den=2026-11-23&zobrazeni=tyden`.
 */
export const VIEW_PARAMS = { room: 'mistnost', day: 'den', mode: 'zobrazeni' } as const;

export const VIEW_MODES = ['den', 'tyden'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export interface RoomView {
  roomId: number | null;
  /** The day shown (day view) or a day of the week shown (week view), Prague `YYYY-MM-DD`. */
  day: string;
  mode: ViewMode;
}

const ROOM_ID = /^[1-9]\d{0,9}$/;

/** Reads the view from the URL; anything malformed falls back to the default (today, day view). */
export function roomViewFromSearch(search: URLSearchParams, today: string): RoomView {
  const room = search.get(VIEW_PARAMS.room) ?? '';
  const day = search.get(VIEW_PARAMS.day) ?? '';
  const mode = search.get(VIEW_PARAMS.mode);
  const roomId = ROOM_ID.test(room) && Number(room) <= 2_147_483_647 ? Number(room) : null;
  return {
    roomId,
    day: isRealDay(day) ? day : today,
    mode: VIEW_MODES.includes(mode as ViewMode) ? (mode as ViewMode) : 'den',
  };
}

/** The URL search for a view; other parameters of `base` (e.g. a list page) are kept. */
export function roomViewSearch(view: RoomView, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const name of Object.values(VIEW_PARAMS)) search.delete(name);
  if (view.roomId === null) return search;
  search.set(VIEW_PARAMS.room, String(view.roomId));
  search.set(VIEW_PARAMS.day, view.day);
  search.set(VIEW_PARAMS.mode, view.mode);
  return search;
}

/** The link to `view` on the booking page at `path`, keeping the page's other parameters. */
export function roomViewHref(path: string, view: RoomView, search: URLSearchParams): string {
  const query = roomViewSearch(view, search).toString();
  return query ? `${path}?${query}` : path;
}

/** The days whose availability a view needs: the day, or Monday to Sunday of its week. */
export function viewDays(view: Pick<RoomView, 'day' | 'mode'>): string[] {
  return view.mode === 'tyden' ? weekDays(view.day) : [view.day];
}
