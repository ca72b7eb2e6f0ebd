import type { RuntimeConfig } from '@portal/sdk/client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';

/**
 * Runtime configuration (feature flags, hideTenantLogin, bot protection, error reporting)
 * from GET /api/config. One build serves every operator, so nothing here is build-time.
 * It changes on deploy: refetched in the background (on window focus) once five minutes old,
 * which is how a new `buildId` is noticed (app/new-build.ts).
 */
export const runtimeConfigQueryOptions = () => $api.queryOptions('get', '/api/config', {}, { staleTime: 5 * 60_000 });

/** Every feature flag as the BFF sets it when no variable says otherwise: on (docs/product.md §9). */
export const DEFAULT_FEATURES: RuntimeConfig['features'] = {
  tenantLogin: true,
  tenantSwitcher: true,
  meterReadings: true,
  billingStatements: true,
  meetingRooms: true,
  incidents: true,
  publicSupport: true,
  publicMeetingRooms: true,
  maintenanceEvents: true,
};

/** Route loaders have ensured the config before any page renders. */
export function useRuntimeConfig() {
  return useSuspenseQuery(runtimeConfigQueryOptions()).data;
}
