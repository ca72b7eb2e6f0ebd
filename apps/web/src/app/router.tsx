import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import { RouteErrorBoundary } from '#src/components/errors/route-error-boundary.tsx';
import { ensureAppData, guardRoute } from './navigation/guard.ts';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root.tsx';
import type { RouteModule } from './routes/route-module.ts';

const ignore = () => undefined;

/**
 * A guarded, code-split page. Its loader starts fetching the page's chunk, applies the
 * navigation rules (which need config and session), then runs the module's own loader;
 * the chunk and the guard's data load in parallel, so the split adds no waterfall.
 */
function page(queryClient: QueryClient, key: RouteKey, load: () => Promise<RouteModule>): RouteObject {
  const { path } = ROUTES[key];
  return {
    id: key,
    ...(path === '/' ? { index: true } : { path }),
    loader: async (args) => {
      const module = load();
      // If the guard redirects, a failed chunk download must not surface as unhandled.
      module.catch(ignore);
      await guardRoute(queryClient, key, args);
      const { clientLoader } = await module;
      return clientLoader ? clientLoader(queryClient)(args) : null;
    },
    lazy: {
      Component: async () => (await load()).default,
    },
  };
}

/**
 * Routes of the table whose screens belong to later feature issues. They are registered with
 * their guard – access, feature flag and tenant rules apply exactly as they will – but render
 * the 404 page instead of a placeholder screen until their issue adds the page module and
 * removes the key from this list. `router.test.ts` checks that every table key is registered.
 */
export const PENDING_ROUTES = {
  faultReport: 'public support',
  order: 'public support',
  publicSupport: 'public support',
  publicSupportNew: 'public support',
  publicSupportDetail: 'public support',
  meterReadings: 'meter readings',
  plannedOutages: 'planned outages',
  billing: 'billing',
  meetingRooms: 'meeting rooms',
  publicMeetingRooms: 'meeting rooms',
} as const satisfies Partial<Record<RouteKey, string>>;

/**
 * The route tree. Every route's rules live in the route table (`config/paths.ts`), so adding a
 * screen is one `page(...)` line (and removing its key from PENDING_ROUTES).
 * Static segments outrank `:id`, so `/hlaseni-incidentu/novy` never reaches the detail route.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: async () => {
        await ensureAppData(queryClient);
        return null;
      },
      Component: RootLayout,
      HydrateFallback: RootHydrateFallback,
      // Only reached when the shell itself cannot load (e.g. the config call fails).
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          // Page errors render inside the shell, which stays usable.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            page(queryClient, 'home', () => import('./routes/home.tsx')),
            page(queryClient, 'login', () => import('./routes/auth/login.tsx')),
            page(queryClient, 'passwordReset', () => import('./routes/auth/password-reset.tsx')),
            page(queryClient, 'passwordResetChange', () => import('./routes/auth/new-password.tsx')),
            page(queryClient, 'tenant', () => import('./routes/tenants/tenant-select.tsx')),
            page(queryClient, 'profile', () => import('./routes/profile/profile.tsx')),
            page(queryClient, 'incidents', () => import('./routes/incidents/incidents.tsx')),
            page(queryClient, 'incidentNew', () => import('./routes/incidents/incident-new.tsx')),
            page(queryClient, 'incidentDetail', () => import('./routes/incidents/incident.tsx')),
            ...Object.keys(PENDING_ROUTES).map((key) =>
              page(queryClient, key as RouteKey, () => import('./routes/not-found.tsx')),
            ),
            {
              id: 'not-found',
              path: '*',
              lazy: { Component: async () => (await import('./routes/not-found.tsx')).default },
            },
          ],
        },
      ],
    },
  ];
}
