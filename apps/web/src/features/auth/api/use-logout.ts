import { toast } from '@portal/ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import { apiClient } from '#src/lib/api.ts';
import { isUnauthorized } from '#src/lib/errors.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { setSession } from '#src/lib/session.ts';

const configKey = runtimeConfigQueryOptions().queryKey;

/**
 * DELETE /api/session, then forget everything cached for the user and go to the login page.
 * The runtime config is kept: it is not user data and refetching it would suspend the shell.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('auth');

  return useMutation({
    mutationFn: async () => {
      try {
        await apiClient.DELETE('/api/session');
      } catch (error) {
        // Already logged out (expired session): the goal is reached.
        if (!isUnauthorized(error)) throw error;
      }
    },
    meta: { authRedirect: false },
    onSuccess: async () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[1] !== configKey[1],
      });
      // Set in the same tick as the removal so mounted screens see "anonymous", not a refetch.
      setSession(queryClient, null);
      await navigate(ROUTES.login.path, { replace: true });
      toast.add({ severity: 'success', summary: t('userMenu.loggedOut') });
    },
  });
}
