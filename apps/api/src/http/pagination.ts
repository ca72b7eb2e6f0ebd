import { drfError } from './api-error.js';

export interface PageQuery {
  page?: number;
  page_size?: number;
}

export interface Page {
  limit: number;
  offset: number;
  page: number;
}

/** upstream.yaml `Page`/`PageSize`: 1-based, 20 by default, at most 100 (the schema caps it). */
export function pageOf(query: PageQuery): Page {
  const page = query.page ?? 1;
  const limit = Math.min(query.page_size ?? 20, 100);
  return { page, limit, offset: (page - 1) * limit };
}

/** DRF's PageNumberPagination: a page past the end is 404 `invalid_page` (page 1 always exists). */
export function assertPageExists(page: Page, total: number): void {
  if (page.page > 1 && page.offset >= total) {
    throw drfError(404, 'invalid_page', 'Neplatná stránka: tolik položek seznam nemá.');
  }
}

/** A date (`YYYY-MM-DD`, Europe/Prague) as the first instant of that day in Prague. */
export function pragueDayStart(day: string): Date {
  return zonedMidnight(day);
}

/** The first instant after that Prague day. */
export function pragueDayEnd(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedMidnight(next.toISOString().slice(0, 10));
}

const pragueParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offset of Europe/Prague from UTC at `instant`, in minutes (60 or 120). */
export function pragueOffsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(pragueParts.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** Local wall time in Prague of an instant: `{ day: 'YYYY-MM-DD', minutes: minutes since midnight }`. */
export function pragueWallTime(instant: Date): { day: string; minutes: number } {
  const local = new Date(instant.getTime() + pragueOffsetMinutes(instant) * 60_000);
  return {
    day: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

function zonedMidnight(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const offset = pragueOffsetMinutes(guess);
  return new Date(guess.getTime() - offset * 60_000);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date string that parses to a real calendar day (the `date` format accepts 2026-02-31? no, but be safe). */
export function isRealDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}
