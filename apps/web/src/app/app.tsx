import type { DefaultOptions, QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '#src/lib/query-client.ts';
import { createApiErrorHandler } from './api-error-handler.ts';
import { AppProvider } from './provider.tsx';
import { createRoutes } from './router.tsx';
import { revalidateWhenSessionEnds } from './session-watch.ts';

type AppRouter = {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string, options: { replace: boolean }) => Promise<void>;
  revalidate: () => Promise<void>;
};

/**
 * Wires the QueryClient, whose global error handler navigates (401 → login), to the router,
 * whose loaders use the QueryClient. `createRouter` is injectable so tests use a memory router;
 * the router starts loading at creation, so query defaults (tests: no retries) come in here.
 */
export function createApp<R extends AppRouter>(
  createRouter: (routes: RouteObject[]) => R,
  queryDefaults?: DefaultOptions,
) {
  // The handler reads the router only when an error comes, by then it exists.
  const queryClient: QueryClient = createQueryClient(
    createApiErrorHandler({ getQueryClient: () => queryClient, getRouter: () => router }),
    queryDefaults,
  );
  const router = createRouter(createRoutes(queryClient));
  revalidateWhenSessionEnds(queryClient, () => router.revalidate());
  return { queryClient, router };
}

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: Parameters<typeof RouterProvider>[0]['router'];
}) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
