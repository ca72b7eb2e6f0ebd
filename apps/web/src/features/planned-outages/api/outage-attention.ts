import type { components } from '@portal/sdk/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { isUnderWay } from '#src/lib/outages-ahead.ts';
import { pragueDay, shiftDay } from '#src/lib/prague-time.ts';

type Outage = components['schemas']['MaintenanceEvent'];

/** How far ahead the home page looks: a week, so Monday's water outage shows on Friday. */
export const HOME_OUTAGE_LOOKAHEAD_DAYS = 7;

export interface OutagesInMyBuildings {
  underWay: Outage[];
  upcoming: Outage[];
}

/**
 * Outages under way or starting within a week in the buildings where the selected tenant rents
 * space. The list answers the public ones of every building plus the tenant's own (the BFF
 * adds the tenant), so it is narrowed to the tenant's buildings here; both lists are short.
 */
export const outagesInMyBuildingsQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/v1/maintenance_events/', { mine: true }, 'home'] as const,
    queryFn: async ({ signal }): Promise<OutagesInMyBuildings> => {
      const now = new Date();
      const today = pragueDay(now);
      const [buildings, outages] = await Promise.all([
        apiClient.GET('/api/v1/buildings/', {
          params: { query: { tenant_only: true, page_size: 100, ordering: 'name' } },
          signal,
        }),
        apiClient.GET('/api/v1/maintenance_events/', {
          params: {
            query: {
              ended: false,
              date_from: today,
              date_to: shiftDay(today, HOME_OUTAGE_LOOKAHEAD_DAYS),
              ordering: 'starts_at',
              page_size: 100,
            },
          },
          signal,
        }),
      ]);
      const mine = new Set((buildings.data ?? []).map((building) => building.id));
      const relevant = (outages.data ?? []).filter((outage) => mine.has(outage.building.id));
      return {
        underWay: relevant.filter((outage) => isUnderWay(outage, now)),
        upcoming: relevant.filter((outage) => new Date(outage.starts_at).getTime() > now.getTime()),
      };
    },
    staleTime: 60_000,
    meta: { errorToast: false },
  });
