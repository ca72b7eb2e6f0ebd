import type { components } from '@portal/sdk/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { pragueDay } from '#src/lib/prague-time.ts';

export type MaintenanceEvent = components['schemas']['MaintenanceEvent'];

/** How far ahead a planned outage is worth mentioning to someone about to report a fault. */
export const OUTAGE_LOOKAHEAD_MS = 48 * 3_600_000;

/** Started and not yet over (an open end means it lasts until further notice). */
export function isUnderWay(event: Pick<MaintenanceEvent, 'starts_at' | 'ends_at'>, now: Date): boolean {
  const started = new Date(event.starts_at).getTime() <= now.getTime();
  const over = event.ends_at !== null && new Date(event.ends_at).getTime() < now.getTime();
  return started && !over;
}

/** Under way, or starting within the next 48 hours. */
export function isUnderWayOrSoon(event: Pick<MaintenanceEvent, 'starts_at' | 'ends_at'>, now: Date): boolean {
  if (isUnderWay(event, now)) return true;
  const startsIn = new Date(event.starts_at).getTime() - now.getTime();
  return startsIn > 0 && startsIn <= OUTAGE_LOOKAHEAD_MS;
}

/**
 * Planned outages in a building under way now or starting within 48 hours – the notice of the
 * fault-report and new-incident forms. A guest gets the public ones; for a logged-in tenant the
 * BFF adds the tenant, so the tenant-only ones of its buildings come too. The API's
 * `date_from`/`date_to` are Prague days (today to the day after tomorrow, with `ended=false`);
 * the exact 48 hours are decided here against the clock.
 */
export const outagesAheadQueryOptions = (buildingId: number) =>
  queryOptions({
    queryKey: ['outages-ahead', buildingId],
    queryFn: async ({ signal }): Promise<MaintenanceEvent[]> => {
      const now = new Date();
      const { data } = await apiClient.GET('/api/v1/maintenance_events/', {
        params: {
          query: {
            building: buildingId,
            ended: false,
            date_from: pragueDay(now),
            date_to: pragueDay(new Date(now.getTime() + OUTAGE_LOOKAHEAD_MS)),
            page_size: 100,
            ordering: 'starts_at',
          },
        },
        signal,
      });
      return (data ?? []).filter((event) => isUnderWayOrSoon(event, now));
    },
    staleTime: 60_000,
    // The notice is a courtesy: if it cannot be loaded, the form works without it.
    meta: { errorToast: false },
  });
