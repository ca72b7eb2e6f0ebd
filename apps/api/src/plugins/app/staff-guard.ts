import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { drfError } from '../../domain/errors.js';
import { hasActiveSecondFactor } from '../../domain/second-factor.js';
import { staffOnly, staffScopeOf, type StaffScope, type StaffVerdict } from '../../domain/staff.js';
import { malformedTextPaths } from '@portal/fastify-common/text-safety';
import { accountError, currentUser, verifyBearerToken } from './authentication.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `onRequest` hook for the staff operations (`x-staff`); list it after
     * `fastify.authenticate`: `{ onRequest: [fastify.authenticate, fastify.requireStaff] }`.
     * A user without `is_staff` gets 403 `staff_only`; no `X-Tenant-ID` is read. Sets
     * `request.staffScope` to the buildings the staff member may see.
     */
    requireStaff: onRequestAsyncHookHandler;
    /**
     * `onRequest` hook, instead of `[authenticate, requireStaff]`, for the staff queue, which
     * runs the account, staff and second-factor checks inside its own statement (one database
     * round trip per request instead of two). It verifies the token and sets
     * `request.deferredStaff`; the route hands the statement's verdict to
     * {@link settleStaffVerdict} before it answers, and calls {@link settleDeferredStaff} on a
     * path that runs no statement (a validation error, with `attachValidation`, so a refused
     * caller gets 401/403 before 400 as elsewhere).
     */
    authenticateDeferringStaff: onRequestAsyncHookHandler;
    /** The last scope seen per staff member (see MAX_REMEMBERED_SCOPES). */
    staffScopes: {
      remember(scope: StaffScope): void;
      /** The remembered scope, or every building (the usual staff member's) when unknown. */
      assumed(userId: number): StaffScope;
    };
  }
  interface FastifyRequest {
    /** Set by `fastify.requireStaff` (or a settled deferred check); null on other routes. */
    staffScope: StaffScope | null;
    /**
     * Set by `fastify.authenticateDeferringStaff`: a caller not yet checked, and the scope the
     * route's statement should assume (the one this instance last saw for them); it checks it.
     */
    deferredStaff: { userId: number; assumedScope: StaffScope } | null;
  }
}

/** The scope `fastify.requireStaff` set; its absence is a wiring mistake in the route (500). */
export function currentStaffScope(request: FastifyRequest): StaffScope {
  if (request.staffScope === null) throw new Error('the route does not run fastify.requireStaff');
  return request.staffScope;
}

const secondFactorRequired = () =>
  drfError(403, 'second_factor_required', 'Správa budov vyžaduje dvoufázové ověření. Nastavte si ho prosím v profilu.');

/**
 * The buildings each staff member had when this instance last checked them, so the queue's
 * statement can assume them and check them in the same round trip. Never trusted: a changed
 * limit only costs that request a second statement. Bounded; forgotten entries are re-learnt.
 */
const MAX_REMEMBERED_SCOPES = 10_000;

/**
 * Applies the checks of `[authenticate, requireStaff]` to what the route's statement found,
 * with the same answers in the same order (401 user_not_found, 401 user_inactive, 403
 * staff_only, 403 second_factor_required); afterwards `request.staffScope` is the caller's
 * current scope (which the route uses again when the statement assumed another one).
 */
export function settleStaffVerdict(request: FastifyRequest, verdict: StaffVerdict): StaffScope {
  const deferred = request.deferredStaff;
  if (deferred === null) return currentStaffScope(request);
  const error = accountError(verdict);
  if (error !== null) throw error;
  if (!verdict.staff) throw staffOnly();
  if (!verdict.secondFactor) throw secondFactorRequired();
  const scope: StaffScope = { userId: deferred.userId, buildingIds: verdict.buildingIds };
  request.server.staffScopes.remember(scope);
  request.deferredStaff = null;
  request.staffScope = scope;
  return scope;
}

/** The deferred check as its own lookup, for a path of the route that runs no statement. */
export async function settleDeferredStaff(request: FastifyRequest): Promise<void> {
  const deferred = request.deferredStaff;
  if (deferred === null) return;
  const found = await request.server.users.findByIdWithAccess(deferred.userId, null);
  settleStaffVerdict(request, {
    found: found !== undefined,
    active: found?.user.isActive === true,
    staff: found?.user.isStaff === true,
    secondFactor: found?.secondFactor === true,
    buildingIds: found?.staffBuildingIds ?? null,
  });
}

/** The staff guard (domain/staff.ts holds the rule). */
export const staffGuardPlugin = fp(
  (fastify, _opts, done) => {
    const remembered = new Map<number, readonly number[] | null>();
    fastify.decorate('staffScopes', {
      remember(scope: StaffScope) {
        if (!remembered.has(scope.userId) && remembered.size >= MAX_REMEMBERED_SCOPES) remembered.clear();
        remembered.set(scope.userId, scope.buildingIds);
      },
      assumed: (userId: number): StaffScope => ({ userId, buildingIds: remembered.get(userId) ?? null }),
    });
    fastify.decorateRequest('staffScope', null);
    fastify.decorateRequest('deferredStaff', null);
    fastify.decorate('requireStaff', async function requireStaff(request: FastifyRequest) {
      const user = currentUser(request);
      const scope = await staffScopeOf(fastify.db, user, request.staffBuildingIds);
      // Staff work only with a second factor (ADR 012); a staff member without one may still
      // log in and set it up through the account endpoints. Authentication read it with the
      // user when the request named no tenant.
      const secondFactor = request.secondFactor ?? (await hasActiveSecondFactor(fastify.db, user.id));
      if (!secondFactor) throw secondFactorRequired();
      fastify.staffScopes.remember(scope);
      request.staffScope = scope;
    });
    fastify.decorate('authenticateDeferringStaff', async function authenticateDeferringStaff(request: FastifyRequest) {
      const token = await verifyBearerToken(request);
      if ('error' in token) throw token.error;
      request.deferredStaff = { userId: token.userId, assumedScope: fastify.staffScopes.assumed(token.userId) };
      // Malformed text is refused before validation (@portal/fastify-common, a preValidation
      // hook), before the route could settle the check: the caller's own answer comes first.
      if (malformedTextPaths(request.query).length > 0) await settleDeferredStaff(request);
    });
    done();
  },
  { name: 'staff-guard', dependencies: ['authentication', 'users'] },
);
