import { toast } from '@portal/ui/toast';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ROUTES, withRedirect } from '#src/config/paths.ts';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { reportError } from '#src/lib/error-reporting.ts';
import type { ApiErrorSource, GlobalErrorHandler } from '#src/lib/query-client.ts';
import { setSession } from '#src/lib/session.ts';

export interface ApiErrorHandlerDeps {
  getQueryClient: () => QueryClient;
  /** The router's current location and navigate; undefined before the router exists. */
  getRouter: () =>
    | {
        state: { location: { pathname: string; search: string } };
        navigate: (to: string, options: { replace: boolean }) => Promise<void>;
      }
    | undefined;
}

const API_ERROR_GROUP = 'api-errors';

/** BFF codes of a 401 that means "the session is over" (docs/decisions/001, bff.yaml). */
const SESSION_ENDED_CODES = new Set(['session_expired', 'not_authenticated']);
/** Calls whose 401 ends the session whatever its code (docs/product.md §4: the profile call). */
const SESSION_CALLS = new Set(['/api/session', '/api/v1/my_profile/']);

/**
 * Whether an error means the user is no longer logged in: a 401 with a session code from any
 * call, or any 401 from the session or profile call. Other 401s (none are documented today)
 * are ordinary errors.
 */
export function endsSession(error: unknown, source: ApiErrorSource): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  if (SESSION_ENDED_CODES.has(error.code)) return true;
  const key = source.kind === 'query' ? source.query.queryKey : source.mutation.options.mutationKey;
  return typeof key?.[1] === 'string' && SESSION_CALLS.has(key[1]);
}

/**
 * What the app does about failed queries and mutations (docs/architecture.md §6; the transport only throws):
 * - the session is over (`endsSession`): forget it and go to the login page with the current
 *   location as the redirect (docs/product.md §4);
 * - otherwise one error toast with the server's Czech message (docs/product.md §8). Query errors toast
 *   only when the query already had data (a failed background refetch): a first load that
 *   fails is shown by the route's error page instead, not twice.
 */
export function createApiErrorHandler({ getQueryClient, getRouter }: ApiErrorHandlerDeps): GlobalErrorHandler {
  return (error, source) => {
    const meta = source.kind === 'query' ? source.query.meta : source.mutation.meta;

    if (endsSession(error, source) && meta?.authRedirect !== false) {
      setSession(getQueryClient(), null);
      const router = getRouter();
      const location = router?.state.location;
      if (router && location && location.pathname !== ROUTES.login.path) {
        const target = `${location.pathname}${location.search}`;
        void router.navigate(withRedirect(ROUTES.login.path, target), { replace: true });
        toast.add({
          severity: 'warn',
          summary: i18next.t('common:errors.sessionExpired'),
          group: API_ERROR_GROUP,
          id: 'session-expired',
        });
      }
      return;
    }

    if (meta?.errorToast === false) return;
    if (source.kind === 'query' && source.query.state.data === undefined && meta?.errorToast !== true) {
      return;
    }
    if (!isApiError(error)) {
      console.error(error);
      reportError(error);
    }
    toast.add({
      severity: 'error',
      summary: i18next.t('common:errors.title'),
      detail: errorMessage(error),
      group: API_ERROR_GROUP,
    });
  };
}
