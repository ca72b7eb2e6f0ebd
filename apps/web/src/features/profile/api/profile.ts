import type { Session } from '@portal/sdk/client';
import { toast } from '@portal/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import { $api } from '#src/lib/api.ts';
import { forgetUser, sessionQueryKey, setSession } from '#src/lib/session.ts';

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

/** GET /api/sessions: the user's signed-in devices, the most recently used first. */
export const sessionsQueryKey = $api.queryOptions('get', '/api/sessions').queryKey;

export function useSessions() {
  return $api.useQuery('get', '/api/sessions', {}, { select: (data) => data.sessions });
}

/** DELETE /api/sessions/{sessionId}: logs out one other device; the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/sessions/{sessionId}', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/**
 * DELETE /api/sessions {password}: logs out every device, this one included, then forgets the
 * user and goes to the login page. A wrong password is the form's to show.
 */
export function useLogOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('profile');
  return $api.useMutation('delete', '/api/sessions', {
    meta: { errorToast: false },
    onSuccess: async () => {
      forgetUser(queryClient);
      await navigate(ROUTES.login.path, { replace: true });
      toast.add({ severity: 'success', summary: t('sessions.everywhere.done') });
    },
  });
}
