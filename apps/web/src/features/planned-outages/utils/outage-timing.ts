import type { Outage } from '../api/outage-queries.ts';

export type OutageTiming = 'ongoing' | 'upcoming' | 'past';

/** Under way (started, not ended; an unknown end counts as not ended), still to come, or over. */
export function outageTiming(outage: Pick<Outage, 'starts_at' | 'ends_at'>, now: Date = new Date()): OutageTiming {
  const time = now.getTime();
  if (outage.ends_at !== null && Date.parse(outage.ends_at) <= time) return 'past';
  return Date.parse(outage.starts_at) <= time ? 'ongoing' : 'upcoming';
}
