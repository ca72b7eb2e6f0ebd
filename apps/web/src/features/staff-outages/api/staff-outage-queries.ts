import type { components } from '@portal/sdk/schema';
import { maintenanceCategoryValues, maintenanceVisibilityValues } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import { apiQuery, type OutageFilters } from '../utils/outage-search.ts';

export type StaffOutage = components['schemas']['StaffMaintenanceEvent'];
export type OutageCategory = components['schemas']['MaintenanceCategory'];
export type OutageVisibility = components['schemas']['MaintenanceVisibility'];
export type OutageCreate = components['schemas']['StaffMaintenanceEventCreate'];
export type OutageUpdate = components['schemas']['StaffMaintenanceEventUpdate'];

export const OUTAGES_PAGE_SIZE = 20;

/** The contract's values, in its order (generated from bff.yaml). */
export const CATEGORIES: readonly OutageCategory[] = maintenanceCategoryValues;
export const VISIBILITIES: readonly OutageVisibility[] = maintenanceVisibilityValues;

/** One page of the staff's outages with X-Total-Count. */
export const staffOutagesQueryOptions = (filters: OutageFilters) =>
  listQueryOptions(apiClient, '/api/v1/staff/maintenance_events/', {
    params: { query: { ...apiQuery(filters), page: filters.page, page_size: OUTAGES_PAGE_SIZE } },
  });

/** The buildings the caller manages (the filter and the form). */
export const staffBuildingsQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/buildings/'), staleTime: 5 * 60_000 });

/** Prefix of every list key, for invalidation. */
export const staffOutagesKeyPrefix = () => ['get', '/api/v1/staff/maintenance_events/'] as const;

/** The If-Match value for an outage: its ETag, derived from the version the list answered. */
export const etagOf = (outage: StaffOutage) => `W/"${outage.version}"`;
