import type { RuntimeConfig, Session } from '@portal/sdk/client';
import { ROUTES, withRedirect, type RouteDefinition } from '#src/config/paths.ts';
import { homePathFor, isStaff, selectedTenantId } from '#src/lib/session.ts';

/**
 * The navigation rules of docs/product.md §2 as pure functions, applied in that order:
 * 1. route validation, 2. authentication, 3. role, 4. feature flag, 5. tenant.
 * (6. server route-rule redirects have no content in docs/product.md and are not modelled.)
 * The route loaders feed them the runtime config and the session; tests call them directly.
 */

export type NavigationDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

export interface NavigationInput {
  route: RouteDefinition;
  params: Readonly<Record<string, string | undefined>>;
  /** The wanted location; `search` includes the leading "?" (or is empty). */
  location: { pathname: string; search: string };
  config: Pick<RuntimeConfig, 'features' | 'hideTenantLogin'>;
  /** null when anonymous. */
  session: Session | null;
}

type Step = (input: NavigationInput) => NavigationDecision | null;

/** The second-factor section of /profil, where a staff member without one is sent (ADR 012). */
export const SECOND_FACTOR_SETUP = `${ROUTES.profile.path}#dvoufazove-overeni`;

const redirectTo = (to: string): NavigationDecision => ({ kind: 'redirect', to });
const wanted = ({ location }: NavigationInput) => `${location.pathname}${location.search}`;

/** 1. Route validation: required query parameters and parameter patterns. */
export const validateRoute: Step = ({ route, params, location }) => {
  const search = new URLSearchParams(location.search);
  const missing = route.requiredSearchParams?.some((name) => !search.get(name)?.trim());
  const malformed = Object.entries(route.paramPatterns ?? {}).some(
    ([name, pattern]) => !pattern.test(params[name] ?? ''),
  );
  return missing || malformed ? { kind: 'not-found' } : null;
};

/**
 * 2. Authentication. Public pages pass; guest-only pages send a logged-in user home (a staff
 * member's home is the staff overview); login and staff pages send a guest to the login page
 * with the wanted path + query.
 */
export const checkAuthentication: Step = (input) => {
  const { route, session } = input;
  if (route.access === 'guest-only' && session) return redirectTo(homePathFor(session));
  if ((route.access === 'login' || route.access === 'staff') && !session) {
    return redirectTo(withRedirect(ROUTES.login.path, wanted(input)));
  }
  return null;
};

/**
 * 3. Role. Staff pages send anyone but staff home. Staff act for no tenant: the pages of a
 * tenant (those that need one, the tenant selection) and the tenant's home page send a staff
 * member to the staff overview.
 */
export const checkRole: Step = ({ route, session }) => {
  if (!session) return null;
  const staff = isStaff(session);
  if (route.access === 'staff') {
    if (!staff) return redirectTo(ROUTES.home.path);
    // Staff work only with a second factor (ADR 012): its setup on /profil comes first.
    return session.secondFactorSetupRequired ? redirectTo(SECOND_FACTOR_SETUP) : null;
  }
  const tenantsOnly = route.requiresTenant || route === ROUTES.tenant || route === ROUTES.home;
  return staff && tenantsOnly ? redirectTo(ROUTES.staffOverview.path) : null;
};

/** 4. Feature flag: a hidden feature's routes redirect home. */
export const checkFeature: Step = ({ route, config }) =>
  route.feature && !config.features[route.feature] ? redirectTo(ROUTES.home.path) : null;

/**
 * 5. Tenant. With hideTenantLogin on, only public and guest-only pages are reachable and the
 * tenant check is skipped. Otherwise a logged-in user on a tenant-requiring page with no
 * tenant chosen goes to the tenant selection, carrying the wanted path.
 */
export const checkTenant: Step = (input) => {
  const { route, config, session } = input;
  if (route.access !== 'login') return null;
  if (config.hideTenantLogin) return redirectTo(homePathFor(session));
  if (route.requiresTenant && session && !selectedTenantId(session)) {
    return redirectTo(withRedirect(ROUTES.tenant.path, wanted(input)));
  }
  return null;
};

const STEPS: readonly Step[] = [validateRoute, checkAuthentication, checkRole, checkFeature, checkTenant];

export function decideNavigation(input: NavigationInput): NavigationDecision {
  for (const step of STEPS) {
    const decision = step(input);
    if (decision) return decision;
  }
  return { kind: 'allow' };
}
