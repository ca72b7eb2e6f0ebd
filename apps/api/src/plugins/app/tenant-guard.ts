import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { drfError } from '../../domain/errors.js';
import type { TenantVerdict } from '../../domain/ticket-list.js';
import {
  MAX_TENANT_ID_LENGTH,
  TENANT_HEADER,
  accountError,
  authenticateRequest,
  requestedTenant,
  verifyBearerToken,
} from './authentication.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `onRequest` hook for tenant-scoped routes; list it after `fastify.authenticate`:
     * `{ onRequest: [fastify.authenticate, fastify.requireTenant] }`.
     * Sets `request.tenantId` to a tenant the user may act for.
     */
    requireTenant: onRequestAsyncHookHandler;
    /**
     * `onRequest` hook for operations open to anonymous callers that show more to a tenant
     * (buildings, outages, meeting rooms): without `Authorization` the caller stays anonymous
     * (`request.user` and `request.tenantId` null); with it, the token must be valid and an
     * `X-Tenant-ID` must be in the user's list (403 otherwise). A user with several tenants who
     * sends no header is served as without a tenant rather than refused.
     */
    optionalTenant: onRequestAsyncHookHandler;
    /**
     * `onRequest` hook, instead of `[authenticate, requireTenant]`, for a hot tenant-scoped read
     * that checks the account and the tenant inside its own statement (one database round trip
     * per request instead of two). It verifies the token; with an `X-Tenant-ID` it sets
     * `request.deferredTenant` and leaves the lookup to the route, which must hand the
     * statement's verdict to {@link settleTenantVerdict} before it answers, and call
     * {@link settleDeferredTenant} on any path that does not run the statement (a validation
     * error, with `attachValidation`, so a refused caller gets 401/403 before 400 as elsewhere).
     * Without the header it does exactly what `[authenticate, requireTenant]` do.
     */
    authenticateDeferringTenant: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `fastify.requireTenant`; null on routes that are not tenant-scoped. */
    tenantId: string | null;
    /** Set by `fastify.authenticateDeferringTenant`: a caller and tenant not yet checked. */
    deferredTenant: { userId: number; tenantId: string } | null;
  }
}

const tenantForbidden = () => drfError(403, 'tenant_forbidden', 'Nemáte přístup k tomuto nájemci.');

/**
 * Applies the account and tenant checks of `[authenticate, requireTenant]` to what the route's
 * statement found, with the same answers in the same order (401 user_not_found, 401
 * user_inactive, 403 tenant_forbidden); afterwards `request.tenantId` is set.
 */
export function settleTenantVerdict(request: FastifyRequest, verdict: TenantVerdict): void {
  const deferred = request.deferredTenant;
  if (deferred === null) return;
  const error = accountError(verdict);
  if (error !== null) throw error;
  if (!verdict.allowed) throw tenantForbidden();
  request.deferredTenant = null;
  request.tenantId = deferred.tenantId;
}

/**
 * The tenant `fastify.requireTenant` (or a settled deferred check) set: for handlers of
 * tenant-scoped routes. Its absence is a wiring mistake in the route (masked as 500).
 */
export function currentTenant(request: FastifyRequest): string {
  if (request.tenantId === null) throw new Error('the route does not run fastify.requireTenant');
  return request.tenantId;
}

/** The deferred check as its own lookup, for a path of the route that runs no statement. */
export async function settleDeferredTenant(request: FastifyRequest): Promise<void> {
  const deferred = request.deferredTenant;
  if (deferred === null) return;
  const found = await request.server.users.findByIdWithAccess(deferred.userId, deferred.tenantId);
  settleTenantVerdict(request, {
    found: found !== undefined,
    active: found?.user.isActive === true,
    allowed: found?.tenantAllowed === true,
  });
}

export { TENANT_HEADER };

/**
 * The `X-Tenant-ID` guard (ADR 001, docs/architecture.md §4 "Tenant isolation"). A tenant outside the user's
 * `tenant_access` list is refused with 403 before any route code runs, so route queries can
 * filter by `request.tenantId` without checking access themselves. Without the header, a user
 * with exactly one tenant acts for it, one with several gets 400 `tenant_required`.
 */
/** The answer authentication already looked up for this header, else a fresh lookup. */
function mayActFor(request: FastifyRequest, userId: number, tenantId: string): Promise<boolean> | boolean {
  const known = request.tenantAccess;
  if (known !== null && known.tenantId === tenantId) return known.allowed;
  return request.server.tenants.userHasAccess(userId, tenantId);
}

export const tenantGuardPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorateRequest('tenantId', null);
    fastify.decorateRequest('deferredTenant', null);
    fastify.decorate('requireTenant', async function requireTenant(request: FastifyRequest) {
      const user = request.user;
      if (user === null) {
        // A wiring mistake in a route, not a client error: fail loudly (masked as a 500).
        throw new Error('requireTenant must run after authenticate');
      }
      const requested = requestedTenant(request);
      let tenantId: string;
      if (requested === '') {
        // upstream.yaml (TenantIdHeader): without a header the user's only tenant is meant;
        // the portal sends none when tenant selection is hidden (hideTenantLogin).
        const accessible = await fastify.tenants.listForUser(user.id);
        const [only, ...others] = accessible;
        if (only === undefined) {
          throw drfError(403, 'tenant_forbidden', 'Nemáte přístup k žádnému nájemci.');
        }
        if (others.length > 0) {
          throw drfError(400, 'tenant_required', 'Vyberte nájemce: chybí hlavička X-Tenant-ID.');
        }
        tenantId = only.id;
      } else if (requested.length <= MAX_TENANT_ID_LENGTH && (await mayActFor(request, user.id, requested))) {
        tenantId = requested;
      } else {
        throw tenantForbidden();
      }
      request.tenantId = tenantId;
    });
    fastify.decorate(
      'authenticateDeferringTenant',
      async function authenticateDeferringTenant(request: FastifyRequest, reply: FastifyReply) {
        const requested = requestedTenant(request);
        if (requested === '' || requested.length > MAX_TENANT_ID_LENGTH) {
          await fastify.authenticate.call(fastify, request, reply);
          await fastify.requireTenant.call(fastify, request, reply);
          return;
        }
        const token = await verifyBearerToken(request);
        if ('error' in token) throw token.error;
        request.deferredTenant = { userId: token.userId, tenantId: requested };
      },
    );
    fastify.decorate('optionalTenant', async function optionalTenant(request: FastifyRequest) {
      const header = request.headers.authorization;
      if (header === undefined || header.trim() === '') return;
      const result = await authenticateRequest(request);
      if ('error' in result) throw result.error;
      request.user = result.user;
      const requested = requestedTenant(request);
      if (requested === '') {
        const accessible = await fastify.tenants.listForUser(result.user.id);
        request.tenantId = accessible.length === 1 ? (accessible[0]?.id ?? null) : null;
        return;
      }
      if (requested.length > MAX_TENANT_ID_LENGTH || !(await mayActFor(request, result.user.id, requested))) {
        throw tenantForbidden();
      }
      request.tenantId = requested;
    });
    done();
  },
  { name: 'tenant-guard', dependencies: ['authentication', 'tenants'] },
);
