import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '#src/lib/session.ts';

/**
 * A background refetch of the session (window focus, staleness) that finds it gone – GET
 * /api/session answered `session: null`, which the session query turns into "anonymous" – re-runs the
 * route loaders. The guard then sends the user from a login page to
 * `/prihlaseni?redirect=<where they were>` (docs/product.md §4), and public pages just lose the user menu.
 * Explicit changes (login, logout, setQueryData) are not refetches and are left alone.
 */
export function revalidateWhenSessionEnds(queryClient: QueryClient, revalidate: () => unknown) {
  let loggedIn = Boolean(queryClient.getQueryData(sessionQueryKey));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.query.queryKey as readonly unknown[])[1] !== sessionQueryKey[1]) return;
    if (event.action.type !== 'success') return;
    const nowLoggedIn = Boolean(event.query.state.data);
    const ended = loggedIn && !nowLoggedIn && !event.action.manual;
    loggedIn = nowLoggedIn;
    if (ended) void revalidate();
  });
}
