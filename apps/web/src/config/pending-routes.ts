import type { RouteKey } from './paths.ts';

/**
 * Routes of the table whose screens belong to feature work that has not landed yet. They are
 * registered with their guard – access, feature flag and tenant rules apply exactly as they
 * will – but render the 404 page instead of a placeholder screen, and stay out of the main
 * menu, until their page module exists and the key is removed from this list.
 * `router.test.ts` checks that every table key is registered.
 */
export const PENDING_ROUTES = {
} as const satisfies Partial<Record<RouteKey, string>>;

export function isPendingRoute(key: RouteKey): boolean {
  return Object.hasOwn(PENDING_ROUTES, key);
}
