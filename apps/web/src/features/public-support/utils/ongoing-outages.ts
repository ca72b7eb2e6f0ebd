import type { components } from '@portal/sdk/schema';
import { formatDate, formatDateTime, formatTime } from '#src/lib/format.ts';

export type MaintenanceEvent = components['schemas']['MaintenanceEvent'];

/** Today's date in the buildings' time zone (the API's `date_from`/`date_to` are Prague days). */
export function pragueDate(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(now);
}

/** Started and not yet over (an open end means it lasts until further notice). */
export function isUnderWay(event: Pick<MaintenanceEvent, 'starts_at' | 'ends_at'>, now: Date): boolean {
  const started = new Date(event.starts_at).getTime() <= now.getTime();
  const over = event.ends_at !== null && new Date(event.ends_at).getTime() < now.getTime();
  return started && !over;
}

/**
 * „22. 11. 2026 9:00–12:00" within one day, „22. 11. 2026 9:00 – 23. 11. 2026 12:00" across
 * days (Czech typography: a range of single items takes no spaces around the dash). In the
 * browser's time zone, like every date the portal shows (lib/format). `to` is null for an open end.
 */
export function formatOutageRange(
  startsAt: string,
  endsAt: string | null,
): { from: string; to: string | null; sameDay: boolean } {
  if (endsAt === null) return { from: formatDateTime(startsAt), to: null, sameDay: false };
  const sameDay = formatDate(startsAt) === formatDate(endsAt);
  return sameDay
    ? { from: `${formatDate(startsAt)}\u00a0${formatTime(startsAt)}`, to: formatTime(endsAt), sameDay }
    : { from: formatDateTime(startsAt), to: formatDateTime(endsAt), sameDay };
}
