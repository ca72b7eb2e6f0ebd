import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import type { PrerenderVisitor } from '#src/lib/prerender/assumptions.ts';

/** Routes without path parameters: only those have one address to prerender. */
type StaticRouteKey = {
  [K in RouteKey]: (typeof ROUTES)[K]['path'] extends `${string}:${string}` ? never : K;
}[RouteKey];

export interface PrerenderedPage {
  route: StaticRouteKey;
  /**
   * The route module the router loads for it (as in `app/router.tsx`), from apps/web. Its
   * chunks are preloaded by the page; the build checks that the router really renders it.
   */
  module: `src/app/routes/${string}.tsx`;
  /**
   * Query parameters that do not change the first render (e.g. the login's `redirect`, read
   * only on submit): the prerendered page is also served with them. Any other query string
   * gets the client-rendered page.
   */
  ignoredSearchParams?: readonly string[];
  /**
   * Who it is rendered for (default: anonymous). `tenant` pages are the shell of a page of the
   * logged-in tenant area, served to any logged-in user with a tenant selected; they must not
   * render anything personal (the build fails if they do) and show API data after hydration.
   */
  visitor?: PrerenderVisitor;
}

/**
 * Pages prerendered at build time (scripts/prerender.mjs) and hydrated in the browser: the
 * public first pages, and the shell of the tenant area's main list. A page opts in with one line
 * here once its screen exists. It must render without API data at build time: a loader that
 * needs the network checks `env.prerendering`, and data-dependent parts render after hydration
 * (`AfterHydration`, lib/prerender/use-hydrated.ts).
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { route: 'home', module: 'src/app/routes/home.tsx' },
  { route: 'login', module: 'src/app/routes/auth/login.tsx', ignoredSearchParams: ['redirect'] },
  { route: 'publicSupport', module: 'src/app/routes/public-support/public-support.tsx' },
  { route: 'plannedOutages', module: 'src/app/routes/planned-outages/planned-outages.tsx' },
  { route: 'publicMeetingRooms', module: 'src/app/routes/meeting-rooms/public-meeting-rooms.tsx' },
  { route: 'incidents', module: 'src/app/routes/incidents/incidents.tsx', visitor: 'tenant' },
];

export const prerenderedPath = (page: PrerenderedPage): string => ROUTES[page.route].path;
