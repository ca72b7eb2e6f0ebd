import type { Session } from '@portal/sdk/client';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';
import { sessionQueryKey, setSession } from '#src/lib/session.ts';

/**
 * PATCH /api/v1/my_profile/ (first_name, last_name, phone). The session holds the profile the
 * header and pages show, so it takes the answer directly instead of refetching. The form shows
 * its own errors; a 401 still ends the session through the global handler.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/v1/my_profile/', {
    meta: { errorToast: false },
    onSuccess: (profile) => {
      const session = queryClient.getQueryData<Session | null>(sessionQueryKey);
      if (session) setSession(queryClient, { ...session, user: profile });
    },
  });
}

/** POST /api/v1/my_profile/password/ {current_password, new_password} → 204. */
export function useChangePassword() {
  return $api.useMutation('post', '/api/v1/my_profile/password/', { meta: { errorToast: false } });
}
