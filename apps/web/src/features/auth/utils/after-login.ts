import type { Session } from '@portal/sdk/client';
import { ROUTES, withRedirect } from '#src/config/paths.ts';
import { isStaff, selectedTenantId } from '#src/lib/session.ts';
import { safeRedirect } from '#src/utils/safe-redirect.ts';

/**
 * Where to go after a successful login (docs/product.md §2 "After login"), as a pure plan:
 * 1. a redirect target (a local path only) wins;
 * 2. otherwise, with hideTenantLogin on, go home;
 * 3. a user with exactly one tenant and none selected gets it selected and goes home –
 *    the selection also happens before following a redirect, so such a user never sees
 *    the tenant page;
 * 4. otherwise the tenant page (carrying the redirect).
 * A staff member selects no tenant: the redirect target, else the staff overview (`/sprava`).
 * If the selection fails, the caller goes to `fallback` (docs/product.md §8: fall back to /tenant).
 */
export interface AfterLoginPlan {
  /** Tenant to select with PUT /api/session/tenant before navigating, if any. */
  selectTenantId: string | null;
  to: string;
  /** Where to go when selecting the tenant fails. */
  fallback: string;
}

export interface AfterLoginInput {
  session: Session;
  /** The raw `?redirect=` query value. */
  redirect: string | null;
  hideTenantLogin: boolean;
}

export function planAfterLogin({ session, redirect, hideTenantLogin }: AfterLoginInput): AfterLoginPlan {
  const target = safeRedirect(redirect);
  if (isStaff(session)) {
    // Without a second factor, its setup on /profil first (ADR 012).
    const staffHome = session.secondFactorSetupRequired
      ? `${ROUTES.profile.path}#dvoufazove-overeni`
      : ROUTES.staffOverview.path;
    return { selectTenantId: null, to: target ?? staffHome, fallback: staffHome };
  }
  const tenantPage = withRedirect(ROUTES.tenant.path, target);
  const soleTenant = session.tenants.length === 1 ? session.tenants[0] : undefined;
  // Under hideTenantLogin tenants are not part of the experience: nothing to select.
  const selectTenantId = !hideTenantLogin && soleTenant && !selectedTenantId(session) ? soleTenant.id : null;

  if (target) return { selectTenantId, to: target, fallback: tenantPage };
  if (hideTenantLogin) return { selectTenantId: null, to: ROUTES.home.path, fallback: ROUTES.home.path };
  if (soleTenant) return { selectTenantId, to: ROUTES.home.path, fallback: tenantPage };
  return { selectTenantId: null, to: tenantPage, fallback: tenantPage };
}
