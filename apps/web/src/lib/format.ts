import { currentLocale, INTL_LOCALE } from '#src/lib/i18n.ts';
import { PRAGUE, pragueDay, pragueMinutes } from '#src/lib/prague-time.ts';

/**
 * Everything the portal shows as a date, time, number or unit (docs/czech.md §2–§4): cs-CZ, and
 * every date and time in the buildings' zone, Europe/Prague, whatever zone the device is in.
 * Intl puts ordinary spaces into Czech dates („22. 11. 2026"); Czech typography wants no-break
 * spaces there, so they are replaced. Feature code creates no Intl formatters of its own.
 */

/** The no-break space (U+00A0) of Czech typography. */
export const NBSP = '\u00a0';

const nbsp = (value: string) => value.replace(/ /g, NBSP);
const intlLocale = () => INTL_LOCALE[currentLocale()];

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** A date-time formatter in Prague time; built once per locale and options (they are slow to build). */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale()} ${JSON.stringify(options)}`;
  let formatter = dateTimeFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: PRAGUE });
    dateTimeFormats.set(key, formatter);
  }
  return formatter;
}

/** An instant: a Date, an ISO string or epoch milliseconds. */
type Instant = Date | string | number;

// A calendar day at UTC noon is that same day in Prague (UTC+1 or +2).
const dayAsInstant = (day: string) => new Date(`${day}T12:00:00Z`);

/** „22. 11. 2026" – the Prague day of an instant. */
export function formatDate(value: Instant): string {
  return nbsp(dateTimeFormat({ dateStyle: 'medium' }).format(new Date(value)));
}

/** „22. listopadu 2026" */
export function formatDateLong(value: Instant): string {
  return nbsp(dateTimeFormat({ dateStyle: 'long' }).format(new Date(value)));
}

/** „22. 11. 2026 14:05" */
export function formatDateTime(value: Instant): string {
  return nbsp(dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)));
}

/** „14:05", „9:05" (24-hour clock, no leading zero on the hour). */
export function formatTime(value: Instant): string {
  return dateTimeFormat({ timeStyle: 'short' }).format(new Date(value));
}

/** „1. 11." – day and month only, where there is little room (a chart's axis). */
export function formatDayMonth(value: Instant): string {
  return nbsp(dateTimeFormat({ day: 'numeric', month: 'numeric' }).format(new Date(value)));
}

/** „1. 10. 2026" for a calendar day `YYYY-MM-DD`. */
export function formatDay(day: string): string {
  return formatDate(dayAsInstant(day));
}

/** „pondělí 23. listopadu 2026" for a calendar day. */
export function formatDayLong(day: string): string {
  return nbsp(
    dateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(dayAsInstant(day)),
  );
}

/** „po 23. 11." for a calendar day. */
export function formatDayShort(day: string): string {
  return nbsp(dateTimeFormat({ weekday: 'short', day: 'numeric', month: 'numeric' }).format(dayAsInstant(day)));
}

/**
 * Calendar days `from`–`to` (Intl's `formatRange` gives „1.10.2026 – 31.10.2026"): „1.–31. 10. 2026"
 * within a month, „15. 9. – 14. 10. 2026" within a year, both days in full otherwise. No spaces
 * around the dash between single words, spaces where a side has several (docs/czech.md §2).
 */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number);
  const [toYear, toMonth, toDay] = to.split('-').map(Number);
  if (fromYear !== toYear) return `${formatDay(from)} – ${formatDay(to)}`;
  const end = `${toDay}.${NBSP}${toMonth}.${NBSP}${toYear}`;
  return fromMonth === toMonth ? `${fromDay}.–${end}` : `${fromDay}.${NBSP}${fromMonth}. – ${end}`;
}

/** Minutes after midnight → „9:05" (a time of day, docs/czech.md §2). */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** „9:00–10:30" (en dash without spaces). */
export function formatMinutesRange(start: number, end: number): string {
  return `${formatMinutes(start)}–${formatMinutes(end)}`;
}

/**
 * From one instant to another: „5. 12. 2026 8:00–14:00" within a Prague day (no spaces around
 * the dash), „5. 12. 2026 8:00 – 6. 12. 2026 18:00" across days; only the start without an end.
 */
export function formatDateTimeRange(startsAt: Instant, endsAt: Instant | null): string {
  const start = formatDateTime(startsAt);
  if (endsAt === null) return start;
  if (pragueDay(new Date(startsAt)) === pragueDay(new Date(endsAt))) return `${start}–${formatTime(endsAt)}`;
  return `${start} – ${formatDateTime(endsAt)}`;
}

/**
 * From one instant to another with the day written out: „pondělí 23. listopadu 2026, 10:00–11:30"
 * (the end carries its own day when the range crosses midnight).
 */
export function formatDayTimeRange(startsAt: Instant, endsAt: Instant): string {
  const [startDay, endDay] = [pragueDay(new Date(startsAt)), pragueDay(new Date(endsAt))];
  const start = formatMinutes(pragueMinutes(new Date(startsAt)));
  const end = formatMinutes(pragueMinutes(new Date(endsAt)));
  if (startDay === endDay) return `${formatDayLong(startDay)}, ${start}–${end}`;
  return `${formatDayLong(startDay)} ${start} – ${formatDayLong(endDay)} ${end}`;
}

/** „1 234,5" (NBSP as the thousands separator). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** „1 234,50 Kč" */
export function formatCurrency(value: number, currency = 'CZK'): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(value);
}

/** „15,5 %" – `value` is a fraction (0.155). */
export function formatPercent(value: number, maximumFractionDigits = 1): string {
  return nbsp(new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits }).format(value));
}

/**
 * A quantity with a unit Intl lacks in Czech (kWh, m³ throw as units): „1 234,5 kWh", with a
 * no-break space before the unit.
 */
export function formatQuantity(value: number, unit: string, options?: Intl.NumberFormatOptions): string {
  return `${formatNumber(value, options)}${NBSP}${unit}`;
}

/** A file's size: „1,2 MB", „350 kB" (at least 1 kB). */
export function formatFileSize(bytes: number): string {
  const megabyte = 1024 * 1024;
  if (bytes >= megabyte) return formatQuantity(bytes / megabyte, 'MB', { maximumFractionDigits: 1 });
  return formatQuantity(Math.max(1, Math.round(bytes / 1024)), 'kB');
}

/**
 * Czech phone numbers as „+420 123 456 789" with no-break spaces. Anything that is not a
 * 9-digit Czech number (with or without +420/00420) is returned trimmed, unchanged.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/[\s-]/g, '').replace(/^(\+|00)420/, '');
  if (!/^\d{9}$/.test(digits)) return value.trim();
  return ['+420', digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].join(NBSP);
}

/** The Intl plural category for cs-CZ (`one` 1, `few` 2–4, `many` decimals, `other` 0 and 5+). */
export function pluralCategory(count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(intlLocale()).select(count);
}

/**
 * Czech typography: a one-letter preposition or conjunction (k, s, v, z, o, u, a, i) is not
 * left at the end of a line – the space after it becomes a no-break space.
 */
export function keepShortWordsWithNext(text: string): string {
  return text.replace(/(?<=^|[\s(„])([ksvzouai])\s+/gi, `$1${NBSP}`);
}
