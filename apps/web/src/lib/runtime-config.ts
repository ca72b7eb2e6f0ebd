import { useSuspenseQuery } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';

/**
 * Runtime configuration (feature flags, hideTenantLogin, bot protection, error reporting)
 * from GET /api/config. One build serves every operator, so nothing here is build-time.
 * It changes only on deploy, hence never stale within a page's life.
 */
export const runtimeConfigQueryOptions = () =>
  $api.queryOptions('get', '/api/config', {}, { staleTime: Number.POSITIVE_INFINITY });

/** Route loaders have ensured the config before any page renders. */
export function useRuntimeConfig() {
  return useSuspenseQuery(runtimeConfigQueryOptions()).data;
}
