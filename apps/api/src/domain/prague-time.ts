/**
 * Calendar days and wall-clock times in Europe/Prague, where the buildings are: the contract
 * exchanges UTC instants but means Prague days (`date_from`, opening hours, due dates), see
 * docs/architecture.md §3 "Dates and times".
 */

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

/** Whether a string is a `YYYY-MM-DD` day that exists (2026-02-30 does not). */
export function isRealDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

const pragueDateTime = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: 'Europe/Prague',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  // `numeric`, not `2-digit`: Czech writes 9:05, not 09:05 (docs/czech.md §2).
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as Czech readers expect it in an e-mail: `5. 3. 2026 14:30`, Prague time. */
export function formatPragueDateTime(instant: Date): string {
  return pragueDateTime.format(instant);
}
