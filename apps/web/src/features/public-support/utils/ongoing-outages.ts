import type { components } from '@portal/sdk/schema';

export type MaintenanceEvent = components['schemas']['MaintenanceEvent'];

/** Started and not yet over (an open end means it lasts until further notice). */
export function isUnderWay(event: Pick<MaintenanceEvent, 'starts_at' | 'ends_at'>, now: Date): boolean {
  const started = new Date(event.starts_at).getTime() <= now.getTime();
  const over = event.ends_at !== null && new Date(event.ends_at).getTime() < now.getTime();
  return started && !over;
}
