import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';

/**
 * Meeting rooms live in the building's time: every day, time of day and instant the booking
 * pages show or read is Europe/Prague, whatever time zone the browser is in (upstream.yaml:
 * dates and times of day are Prague-local, instants are UTC). Days travel as `YYYY-MM-DD`
 * strings and times of day as minutes after midnight, so nothing here depends on the
 * browser's zone.
 */
export const PRAGUE = 'Europe/Prague';

const inPrague = tz(PRAGUE);
const NBSP = '\u00a0';
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (no 31 November). */
export function isRealDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A day as typed into the booking form: „24. 11. 2026", „24.11.2026" or `2026-11-24` →
 * `2026-11-24`; null when it is not a real day. Typed, because a native date field shows the
 * browser's language (11/24/2026 in an English browser), not the portal's.
 */
export function parseDayInput(value: string): string | null {
  const text = value.trim();
  if (isRealDay(text)) return text;
  const match = /^(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})$/.exec(text);
  if (!match) return null;
  const day = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isRealDay(day) ? day : null;
}

/** `2026-11-24` → „24. 11. 2026", the form's own way of writing a day. */
export function formatDayInput(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date}. ${month}. ${year}`;
}

/** The Prague day of an instant, `YYYY-MM-DD`. */
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

/** Minutes after midnight → „9:05" (Czech 24-hour clock, no leading zero). */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** „9:00–10:30" (en dash without spaces, Czech ranges). */
export function formatMinutesRange(start: number, end: number): string {
  return `${formatMinutes(start)}–${formatMinutes(end)}`;
}

// A day string at UTC noon, formatted in UTC, is that calendar day in every zone.
const dayAsDate = (day: string) => new Date(`${day}T12:00:00Z`);
const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('cs-CZ', { ...options, timeZone: 'UTC' });
const LONG_DAY = dayFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DAY = dayFormat({ weekday: 'short', day: 'numeric', month: 'numeric' });
const NUMERIC_DAY = dayFormat({ day: 'numeric', month: 'numeric', year: 'numeric' });

/** „pondělí 23. listopadu 2026" */
export function formatDayLong(day: string): string {
  return LONG_DAY.format(dayAsDate(day)).replace(/ /g, NBSP);
}

/** „po 23. 11." */
export function formatDayShort(day: string): string {
  return SHORT_DAY.format(dayAsDate(day)).replace(/ /g, NBSP);
}

/** „23. 11. 2026" */
export function formatDayNumeric(day: string): string {
  return NUMERIC_DAY.format(dayAsDate(day)).replace(/ /g, NBSP);
}

/** „23.–29. 11. 2026", „30. 11. – 6. 12. 2026" (ranges built by hand: Intl's look wrong in Czech). */
export function formatWeekRange(days: readonly string[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  const [y1, m1, d1] = first.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = last.split('-').map(Number) as [number, number, number];
  const range =
    y1 !== y2
      ? `${d1}. ${m1}. ${y1} – ${d2}. ${m2}. ${y2}`
      : m1 !== m2
        ? `${d1}. ${m1}. – ${d2}. ${m2}. ${y2}`
        : `${d1}.–${d2}. ${m2}. ${y2}`;
  // No-break spaces inside each date; the spaces around a multi-word range's dash may break.
  return range.replace(/(\d\.) (?=\d)/g, `$1${NBSP}`);
}

/**
 * A reservation's time in Prague: „pondělí 23. listopadu 2026, 10:00–11:30" (the end carries its
 * own day when a reservation crosses midnight, which the opening hours rule out in practice).
 */
export function formatInstantRange(startsAt: string, endsAt: string): string {
  const startDay = pragueDay(startsAt);
  const endDay = pragueDay(endsAt);
  const start = formatMinutes(pragueMinutes(startsAt));
  const end = formatMinutes(pragueMinutes(endsAt));
  if (startDay === endDay) return `${formatDayLong(startDay)}, ${start}–${end}`;
  return `${formatDayLong(startDay)} ${start} – ${formatDayLong(endDay)} ${end}`;
}
