import type { Outage } from '../api/outage-queries.ts';

/** Outages happen in the operator's buildings: their times are Prague times, wherever the reader is. */
const TIME_ZONE = 'Europe/Prague';
const NBSP = '\u00a0';

export type OutageTiming = 'ongoing' | 'upcoming' | 'past';

/** Under way (started, not ended; an unknown end counts as not ended), still to come, or over. */
export function outageTiming(outage: Pick<Outage, 'starts_at' | 'ends_at'>, now: Date = new Date()): OutageTiming {
  const time = now.getTime();
  if (outage.ends_at !== null && Date.parse(outage.ends_at) <= time) return 'past';
  return Date.parse(outage.starts_at) <= time ? 'ongoing' : 'upcoming';
}

const dayFormat = new Intl.DateTimeFormat('cs-CZ', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('cs-CZ', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** „5. 12. 2026" in Prague, with no-break spaces. */
export const pragueDay = (instant: string) => dayFormat.format(new Date(instant)).replace(/\s/g, NBSP);
/** „8:00" in Prague. */
export const pragueTime = (instant: string) => timeFormat.format(new Date(instant));

/**
 * When an outage happens, the Czech way: „5. 12. 2026 8:00–14:00" within a day (no spaces around
 * the dash), „5. 12. 2026 8:00 – 6. 12. 2026 18:00" across days; without a known end, only the
 * start (the caller says that the end is not known).
 */
export function formatOutageWhen(outage: Pick<Outage, 'starts_at' | 'ends_at'>): string {
  const startDay = pragueDay(outage.starts_at);
  const start = `${startDay}${NBSP}${pragueTime(outage.starts_at)}`;
  if (outage.ends_at === null) return start;
  const endDay = pragueDay(outage.ends_at);
  if (endDay === startDay) return `${start}–${pragueTime(outage.ends_at)}`;
  return `${start} – ${endDay}${NBSP}${pragueTime(outage.ends_at)}`;
}
