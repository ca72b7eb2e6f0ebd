import type { Meter } from '../api/meter-queries.ts';

/**
 * Tenants read their meters monthly: a meter whose last reading is older than this, or that
 * has none yet, is listed on the home page as waiting for a reading.
 */
export const READING_INTERVAL_DAYS = 30;

const DAY_MS = 86_400_000;

export function isReadingDue(meter: Pick<Meter, 'last_reading'>, now = new Date()): boolean {
  if (meter.last_reading === null) return true;
  return now.getTime() - new Date(meter.last_reading.read_at).getTime() > READING_INTERVAL_DAYS * DAY_MS;
}

/** The meters waiting for a reading, in the list's order. */
export const metersDue = <T extends Pick<Meter, 'last_reading'>>(meters: readonly T[], now = new Date()): T[] =>
  meters.filter((meter) => isReadingDue(meter, now));
