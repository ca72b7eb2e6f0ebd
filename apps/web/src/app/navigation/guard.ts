import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { sessionQueryOptions } from '#src/lib/session.ts';
import { decideNavigation } from './navigation-rules.ts';

/** Config and session for loaders: cached after the first load (ensureQueryData, docs/architecture.md §6). */
export async function ensureAppData(queryClient: QueryClient) {
  const [config, session] = await Promise.all([
    queryClient.ensureQueryData(runtimeConfigQueryOptions()),
    queryClient.ensureQueryData(sessionQueryOptions()),
  ]);
  return { config, session };
}

/**
 * Applies the navigation rules for a route from its loader: throws a redirect, or a 404
 * response that the route's error boundary renders as the error page.
 */
export async function guardRoute(
  queryClient: QueryClient,
  key: RouteKey,
  { request, params }: Pick<LoaderFunctionArgs, 'request' | 'params'>,
) {
  const { config, session } = await ensureAppData(queryClient);
  const url = new URL(request.url);
  const decision = decideNavigation({
    route: ROUTES[key],
    params,
    location: { pathname: url.pathname, search: url.search },
    config,
    session,
  });
  if (decision.kind === 'redirect') throw redirect(decision.to);
  if (decision.kind === 'not-found') {
    throw data({ message: i18next.t('common:errors.notFound') }, { status: 404 });
  }
  return { config, session };
}
