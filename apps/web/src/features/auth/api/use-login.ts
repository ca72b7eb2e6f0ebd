import { $api } from '#src/lib/api.ts';

/** POST /api/session. The login form shows every failure itself, so no global toast. */
export function useLogin() {
  return $api.useMutation('post', '/api/session', { meta: { errorToast: false } });
}
