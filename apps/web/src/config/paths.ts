import type { RuntimeConfig } from '@portal/sdk/client';
import { generatePath, matchRoutes } from 'react-router';

/**
 * The route table: every route of docs/product.md §2, in one place. The router registers
 * routes by key as their screens are built; the navigation guard reads access, flag and tenant
 * requirements from here, so a route's rules cannot drift from its path.
 */

/**
 * `public`: no login; `guest-only`: a logged-in user is sent home; `login`: sign-in required;
 * `staff`: the building operator's staff only (a guest is sent to the login, a tenant home).
 */
export type RouteAccess = 'public' | 'guest-only' | 'login' | 'staff';

export type FeatureFlag = keyof RuntimeConfig['features'];

export interface RouteDefinition {
  /** Czech URL path, React Router pattern syntax. */
  readonly path: string;
  readonly access: RouteAccess;
  /** The route is hidden (redirect to /) when this runtime flag is off. */
  readonly feature: FeatureFlag | null;
  /** A logged-in user must have chosen a tenant first. Only meaningful for `login` routes. */
  readonly requiresTenant: boolean;
  /** Query parameters without which the route answers 404 (docs/product.md §2, §5). */
  readonly requiredSearchParams?: readonly string[];
  /** Path parameters that must match a pattern, otherwise 404. */
  readonly paramPatterns?: Readonly<Record<string, RegExp>>;
  /**
   * In the table ahead of its screen: the router leaves it out (its address is a 404) and the
   * menu hides it until the screen is built, when the flag goes.
   */
  readonly pending?: true;
}

const INTEGER_ID = /^[1-9]\d*$/;

export const ROUTES = {
  home: { path: '/', access: 'public', feature: null, requiresTenant: false },
  login: { path: '/prihlaseni', access: 'guest-only', feature: null, requiresTenant: false },
  passwordReset: {
    path: '/zapomenute-heslo',
    access: 'public',
    feature: null,
    requiresTenant: false,
  },
  passwordResetChange: {
    path: '/zapomenute-heslo/change',
    access: 'public',
    feature: null,
    requiresTenant: false,
    requiredSearchParams: ['token', 'uid'],
  },
  // The unsubscribe link of every non-security mail (docs/decisions/011-durable-jobs.md).
  unsubscribe: {
    path: '/odhlasit-odber',
    access: 'public',
    feature: null,
    requiresTenant: false,
    requiredSearchParams: ['token'],
  },
  tenant: { path: '/tenant', access: 'login', feature: 'tenantLogin', requiresTenant: false },
  profile: { path: '/profil', access: 'login', feature: null, requiresTenant: false },
  incidents: {
    path: '/hlaseni-incidentu',
    access: 'login',
    feature: 'incidents',
    requiresTenant: true,
  },
  incidentNew: {
    path: '/hlaseni-incidentu/novy',
    access: 'login',
    feature: 'incidents',
    requiresTenant: true,
  },
  incidentDetail: {
    path: '/hlaseni-incidentu/:id',
    access: 'login',
    feature: 'incidents',
    requiresTenant: true,
    paramPatterns: { id: INTEGER_ID },
  },
  // Not flagged in the route table of docs/product.md §2, but delivered and followed as public support requests, so
  // they go with publicSupport (docs/decisions/005-public-support-area.md).
  faultReport: { path: '/hlaseni-poruch', access: 'public', feature: 'publicSupport', requiresTenant: false },
  meterReadings: {
    path: '/odpocet-meridel',
    access: 'login',
    feature: 'meterReadings',
    requiresTenant: true,
  },
  order: { path: '/order', access: 'public', feature: 'publicSupport', requiresTenant: false },
  plannedOutages: {
    path: '/planovane-vypadky',
    access: 'public',
    feature: 'maintenanceEvents',
    requiresTenant: false,
  },
  publicSupport: {
    path: '/verejna-podpora',
    access: 'public',
    feature: 'publicSupport',
    requiresTenant: false,
  },
  publicSupportNew: {
    path: '/verejna-podpora/novy',
    access: 'public',
    feature: 'publicSupport',
    requiresTenant: false,
  },
  publicSupportDetail: {
    path: '/verejna-podpora/:id',
    access: 'public',
    feature: 'publicSupport',
    requiresTenant: false,
    paramPatterns: { id: INTEGER_ID },
  },
  billing: {
    path: '/vyuctovani',
    access: 'login',
    feature: 'billingStatements',
    requiresTenant: true,
  },
  meetingRooms: {
    path: '/zasedaci-mistnosti',
    access: 'login',
    feature: 'meetingRooms',
    requiresTenant: true,
  },
  publicMeetingRooms: {
    path: '/zasedacky',
    access: 'public',
    feature: 'publicMeetingRooms',
    requiresTenant: false,
  },
  // The staff area (the building operator's help desk): no tenant, no feature flag of its own.
  staffOverview: { path: '/sprava', access: 'staff', feature: null, requiresTenant: false },
  staffIncidents: { path: '/sprava/incidenty', access: 'staff', feature: null, requiresTenant: false },
  staffIncidentDetail: {
    path: '/sprava/incidenty/:id',
    access: 'staff',
    feature: null,
    requiresTenant: false,
    paramPatterns: { id: INTEGER_ID },
  },
  staffPublicSupport: { path: '/sprava/verejna-podpora', access: 'staff', feature: null, requiresTenant: false },
  staffPublicSupportDetail: {
    path: '/sprava/verejna-podpora/:id',
    access: 'staff',
    feature: null,
    requiresTenant: false,
    paramPatterns: { id: INTEGER_ID },
  },
  staffOutages: { path: '/sprava/vypadky', access: 'staff', feature: null, requiresTenant: false },
  staffBilling: { path: '/sprava/vyuctovani', access: 'staff', feature: null, requiresTenant: false },
  staffMeetingRooms: {
    path: '/sprava/zasedaci-mistnosti',
    access: 'staff',
    feature: null,
    requiresTenant: false,
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteKey = keyof typeof ROUTES;

type ParamsOf<K extends RouteKey> = (typeof ROUTES)[K]['path'] extends `${string}:id${string}`
  ? { id: string | number }
  : undefined;

/** Builds a path for a route key, e.g. `href('incidentDetail', { id: 7 })`. */
export function href<K extends RouteKey>(
  key: K,
  ...[params]: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]
): string {
  const pattern: string = ROUTES[key].path;
  if (!params) return pattern;
  return generatePath(pattern, { id: String(params.id) });
}

/** Appends `?redirect=<target>` (target = path + search of the wanted page). */
export function withRedirect(path: string, target: string | null | undefined): string {
  if (!target || target === '/') return path;
  return `${path}?${new URLSearchParams({ redirect: target }).toString()}`;
}

const MATCHABLE = Object.entries(ROUTES).map(([key, definition]) => ({
  id: key,
  path: definition.path,
}));

export interface RouteMatchResult {
  key: RouteKey;
  definition: RouteDefinition;
  params: Record<string, string | undefined>;
}

/** Finds the table entry for a pathname (static segments win over `:id`), or null. */
export function matchRoute(pathname: string): RouteMatchResult | null {
  const match = matchRoutes(MATCHABLE, pathname)?.at(-1);
  if (!match) return null;
  const key = match.route.id as RouteKey;
  return { key, definition: ROUTES[key], params: match.params };
}
