import { toast } from '@portal/ui/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '#src/config/paths.ts';
import { apiClient } from '#src/lib/api.ts';
import { isUnauthorized } from '#src/lib/errors.ts';
import { forgetUser } from '#src/lib/session.ts';

/**
 * DELETE /api/session, then forget everything cached for the user and go to the login page.
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
      forgetUser(queryClient);
      await navigate(ROUTES.login.path, { replace: true });
      toast.add({ severity: 'success', summary: t('userMenu.loggedOut') });
    },
  });
}
