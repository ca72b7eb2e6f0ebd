import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';

/**
 * Calendar days and times of day in the buildings' time, Europe/Prague, whatever zone the
 * browser is in (docs/czech.md §2): the API exchanges instants in UTC and calendar days and
 * times of day in Prague. Days travel as `YYYY-MM-DD` strings and times of day as minutes after
 * midnight, so nothing here depends on the browser's zone. Showing them is `lib/format.ts`'s job.
 */
export const PRAGUE = 'Europe/Prague';

const inPrague = tz(PRAGUE);
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Prague day of an instant (by default now), `YYYY-MM-DD`. */
export function pragueDay(instant: Date | string = new Date()): string {
  return format(new Date(instant), 'yyyy-MM-dd', { in: inPrague });
}

/** Minutes after Prague midnight of an instant (10:30 → 630). */
export function pragueMinutes(instant: Date | string): number {
  const local = new TZDate(new Date(instant).getTime(), PRAGUE);
  return local.getHours() * 60 + local.getMinutes();
}

/** The instant of a Prague wall-clock time: `day` at `minutes` after midnight. */
export function pragueInstant(day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, PRAGUE).getTime());
}

/** A calendar day `YYYY-MM-DD` that exists (no 31 November). */
export function isRealDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A day as typed into a form: „24. 11. 2026", „24.11.2026" or `2026-11-24` → `2026-11-24`; null
 * when it is not a real day. Typed, because a native date field shows the browser's language
 * (11/24/2026 in an English browser), not the portal's (docs/czech.md §2).
 */
export function parseDayInput(value: string): string | null {
  const text = value.trim();
  if (isRealDay(text)) return text;
  const match = /^(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})$/.exec(text);
  if (!match) return null;
  const day = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isRealDay(day) ? day : null;
}

/** `2026-11-24` → „24. 11. 2026" with plain spaces: how a form field shows a day to edit. */
export function formatDayInput(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date}. ${month}. ${year}`;
}

/** `day` moved by `days` (calendar arithmetic, no zone involved). */
export function shiftDay(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** Monday of the week `day` is in (Czech weeks start on Monday). */
export function weekStart(day: string): string {
  return format(startOfISOWeek(parseISO(day)), 'yyyy-MM-dd');
}

/** The seven days, Monday to Sunday, of the week `day` is in. */
export function weekDays(day: string): string[] {
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, index) => shiftDay(monday, index));
}

/** `HH:MM` → minutes after midnight. */
export function minutesOfTime(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
