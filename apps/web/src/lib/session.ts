import type { Session, Tenant } from '@portal/sdk/client';
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { ROUTES } from '#src/config/paths.ts';
import { $api, apiClient } from '#src/lib/api.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';

/**
 * The current session, shared by every feature (like A1's `lib/auth`): null when anonymous.
 * GET /api/session answers 200 `{ session: null }` for a visitor (and for a session that has
 * ended), so a guest's page load shows no failed request in the console.
 */

/** The key openapi-react-query would use, so hooks and invalidations agree (docs/architecture.md §6). */
export const sessionQueryKey = $api.queryOptions('get', '/api/session').queryKey;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }): Promise<Session | null> => {
      const { data } = await apiClient.GET('/api/session', { signal });
      return data?.session ?? null;
    },
    staleTime: 60_000,
  });

/** Route loaders have ensured the session before any page renders. */
export function useSession(): Session | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}

export function setSession(queryClient: QueryClient, session: Session | null) {
  queryClient.setQueryData(sessionQueryKey, session);
}

const configKey = runtimeConfigQueryOptions().queryKey;

/**
 * After a logout (here or everywhere): forgets everything cached for the user. The runtime
 * config is kept: it is not user data and refetching it would suspend the shell. The session
 * is set to anonymous in the same tick, so mounted screens see that, not a refetch.
 */
export function forgetUser(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== configKey[1] });
  setSession(queryClient, null);
}

/** A staff member of the building operator: the staff area, no tenant (docs/product.md §6). */
export function isStaff(session: Session | null): boolean {
  return session?.user.is_staff === true;
}

/** Where „home" is for this session: the staff overview for staff, the portal's home page otherwise. */
export function homePathFor(session: Session | null): string {
  return isStaff(session) ? ROUTES.staffOverview.path : ROUTES.home.path;
}

/** Tenant ids are trimmed and an empty one means none (docs/product.md §5). */
export function normalizeTenantId(id: string | null | undefined): string | null {
  const trimmed = id?.trim();
  return trimmed ? trimmed : null;
}

export function selectedTenantId(session: Session): string | null {
  return normalizeTenantId(session.selectedTenantId);
}

export function selectedTenant(session: Session | null): Tenant | undefined {
  if (!session) return undefined;
  const id = selectedTenantId(session);
  return id ? session.tenants.find((tenant) => tenant.id === id) : undefined;
}
