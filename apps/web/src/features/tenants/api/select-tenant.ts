import type { Session } from '@portal/sdk/client';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { sessionQueryKey, setSession } from '#src/lib/session.ts';

const TENANT_INDEPENDENT = new Set<unknown>([sessionQueryKey[1], runtimeConfigQueryOptions().queryKey[1]]);

/** PUT /api/session/tenant; answers the updated session. */
export async function selectTenant(tenantId: string): Promise<Session> {
  const { data } = await apiClient.PUT('/api/session/tenant', { body: { tenantId } });
  if (!data) throw new Error('PUT /api/session/tenant answered without a session');
  return data;
}

type Options = Omit<UseMutationOptions<Session, unknown, string>, 'mutationFn'>;

/**
 * Selects a tenant and stores the returned session. Everything else cached belongs to the
 * previous tenant (X-Tenant-ID is added by the BFF), so it is invalidated.
 */
export function useSelectTenant(options: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: selectTenant,
    onSuccess: async (session, ...rest) => {
      setSession(queryClient, session);
      void queryClient.invalidateQueries({
        predicate: (query) => !TENANT_INDEPENDENT.has(query.queryKey[1]),
      });
      await options.onSuccess?.(session, ...rest);
    },
  });
}
