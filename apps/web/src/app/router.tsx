import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import { RouteErrorBoundary } from '#src/components/errors/route-error-boundary.tsx';
import { ensureAppData, guardRoute } from './navigation/guard.ts';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root.tsx';
import type { RouteModule } from './routes/route-module.ts';
import type { StaffPage } from './routes/staff/pages.ts';

const ignore = () => undefined;

/**
 * A staff page's module, through `routes/staff/pages.ts`: the route tree (in everyone's entry)
 * imports that one small module instead of each staff page with its preload list.
 */
const staffPage = (name: StaffPage) => async () => (await import('./routes/staff/pages.ts')).staffPages[name]();

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
 * The route tree. Every route's rules live in the route table (`config/paths.ts`), so adding a
 * screen is one `page(...)` line; `router.test.ts` checks that every key of the table has one.
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
            page(queryClient, 'unsubscribe', () => import('./routes/notifications/unsubscribe.tsx')),
            page(queryClient, 'tenant', () => import('./routes/tenants/tenant-select.tsx')),
            page(queryClient, 'profile', () => import('./routes/profile/profile.tsx')),
            page(queryClient, 'incidents', () => import('./routes/incidents/incidents.tsx')),
            page(queryClient, 'incidentNew', () => import('./routes/incidents/incident-new.tsx')),
            page(queryClient, 'incidentDetail', () => import('./routes/incidents/incident.tsx')),
            page(queryClient, 'meterReadings', () => import('./routes/meter-readings/meter-readings.tsx')),
            page(queryClient, 'billing', () => import('./routes/billing/billing.tsx')),
            page(queryClient, 'plannedOutages', () => import('./routes/planned-outages/planned-outages.tsx')),
            page(queryClient, 'meetingRooms', () => import('./routes/meeting-rooms/meeting-rooms.tsx')),
            page(queryClient, 'publicMeetingRooms', () => import('./routes/meeting-rooms/public-meeting-rooms.tsx')),
            page(queryClient, 'publicSupport', () => import('./routes/public-support/public-support.tsx')),
            page(queryClient, 'publicSupportNew', () => import('./routes/public-support/public-support-new.tsx')),
            page(queryClient, 'publicSupportDetail', () => import('./routes/public-support/public-support-detail.tsx')),
            page(queryClient, 'faultReport', () => import('./routes/public-support/fault-report.tsx')),
            page(queryClient, 'order', () => import('./routes/public-support/order.tsx')),
            // The staff area (docs/product.md §2), each page through the staff hop (staffPage).
            page(queryClient, 'staffOverview', staffPage('overview')),
            page(queryClient, 'staffIncidents', staffPage('incidents')),
            page(queryClient, 'staffIncidentDetail', staffPage('incident')),
            page(queryClient, 'staffPublicSupport', staffPage('publicRequests')),
            page(queryClient, 'staffPublicSupportDetail', staffPage('publicRequest')),
            page(queryClient, 'staffOutages', staffPage('outages')),
            page(queryClient, 'staffBilling', staffPage('billing')),
            page(queryClient, 'staffMeetingRooms', staffPage('meetingRooms')),
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
