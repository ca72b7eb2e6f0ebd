import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { $api, apiClient } from '#src/lib/api.ts';

export type Outage = components['schemas']['MaintenanceEvent'];
export type OutageCategory = components['schemas']['MaintenanceCategory'];

export const OUTAGES_PAGE_SIZE = 10;

export interface OutageFilters {
  page: number;
  building: number | null;
  /** Ended outages, newest first, instead of those under way and to come. */
  past: boolean;
}

/**
 * Planned outages. A guest gets the public ones; for a logged-in tenant the BFF adds the tenant,
 * so the tenant-only outages of its buildings come too. Upcoming: not ended yet, under way
 * first (earliest start), then by start. Past: ended, the latest first.
 */
export const outagesQueryOptions = ({ page, building, past }: OutageFilters) =>
  listQueryOptions(apiClient, '/api/v1/maintenance_events/', {
    params: {
      query: {
        page,
        page_size: OUTAGES_PAGE_SIZE,
        ordering: past ? '-starts_at' : 'starts_at',
        ended: past,
        ...(building === null ? {} : { building }),
      },
    },
  });

/** Every building, for the filter (the list is public and short). */
export const outageBuildingsQueryOptions = () =>
  $api.queryOptions('get', '/api/v1/buildings/', { params: { query: { page_size: 100, ordering: 'name' } } });
