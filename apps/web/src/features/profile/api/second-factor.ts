import { useQueryClient } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';
import { sessionQueryKey } from '#src/lib/session.ts';

/** GET /api/second-factor: on or off, required (staff), recovery codes left (ADR 012). */
export const secondFactorQueryKey = $api.queryOptions('get', '/api/second-factor').queryKey;

export function useSecondFactor() {
  return $api.useQuery('get', '/api/second-factor');
}

/** Everything that changes the second factor reads it and the session (its setup flag) again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: secondFactorQueryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    ]);
}

/** GET /api/second-factor/setup as a mutation: asked for only when the user starts the setup. */
export function useSecondFactorSetup() {
  return $api.useMutation('get', '/api/second-factor/setup');
}

/** POST /api/second-factor {code}: on; answers the recovery codes, shown once. */
export function useEnableSecondFactor() {
  return $api.useMutation('post', '/api/second-factor', { meta: { errorToast: false } });
}

/** Called once the user has seen the recovery codes: the status and the session are read again. */
export function useSecondFactorRefresh() {
  return useRefresh();
}

/** DELETE /api/second-factor {password}: off (tenants only). */
export function useDisableSecondFactor() {
  const refresh = useRefresh();
  return $api.useMutation('delete', '/api/second-factor', {
    meta: { errorToast: false },
    onSuccess: () => refresh(),
  });
}

/** POST /api/second-factor/recovery-codes: ten new codes, the old ones void. */
export function useRenewRecoveryCodes() {
  return $api.useMutation('post', '/api/second-factor/recovery-codes');
}
