import { $api } from '#src/lib/api.ts';

/**
 * POST /api/session/second-factor: the code step of a login with a second factor (ADR 012).
 * The form shows every failure itself, so no global toast.
 */
export function useCompleteSecondFactor() {
  return $api.useMutation('post', '/api/session/second-factor', { meta: { errorToast: false } });
}
