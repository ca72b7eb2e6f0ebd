import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { drfError, type ApiError } from '../../domain/errors.js';
import type { User } from '../../domain/users.js';
import { BEARER_CHALLENGE } from '../../http/api-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `onRequest` hook for routes that need a logged-in user: verifies the
     * `Authorization: Bearer <access JWT>` header and sets `request.user`.
     */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `fastify.authenticate`; null on routes that do not use it. */
    user: User | null;
    /**
     * Whether the user may act for the tenant named in `X-Tenant-ID`, looked up together with
     * the user (one round trip) so the tenant guard need not ask again; null when no header.
     */
    tenantAccess: { tenantId: string; allowed: boolean } | null;
    /**
     * The buildings a staff member is limited to (null: every building), read with the user
     * when the request names no tenant, for the staff guard; undefined when not read.
     */
    staffBuildingIds: readonly number[] | null | undefined;
    /** Whether the user has an active second factor, read with `staffBuildingIds`; else undefined. */
    secondFactor: boolean | undefined;
  }
}

/** simplejwt's `JWTAuthentication` answers (codes kept), with the header simplejwt sends. */
const notProvided = () => drfError(401, 'not_authenticated', 'Nebyly zadány přihlašovací údaje.', BEARER_CHALLENGE);
const badHeader = () =>
  drfError(401, 'bad_authorization_header', 'Hlavička Authorization musí mít tvar „Bearer <token>“.', BEARER_CHALLENGE);
const tokenNotValid = () =>
  drfError(401, 'token_not_valid', 'Přístupový token je neplatný nebo vypršel.', BEARER_CHALLENGE);
const userNotFound = () => drfError(401, 'user_not_found', 'Uživatel nebyl nalezen.', BEARER_CHALLENGE);
const userInactive = () => drfError(401, 'user_inactive', 'Uživatelský účet je neaktivní.', BEARER_CHALLENGE);

export const TENANT_HEADER = 'x-tenant-id';
export const MAX_TENANT_ID_LENGTH = 64;

/** `X-Tenant-ID`, trimmed; empty means none, as docs/product.md §7 asks of the client. */
export function requestedTenant(request: FastifyRequest): string {
  const raw = request.headers[TENANT_HEADER];
  return (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).trim();
}

/**
 * The user id of a valid `Authorization: Bearer <access JWT>`, or the error to answer with.
 * Only the token: whether the account still exists and is active is the caller's next step.
 */
export async function verifyBearerToken(request: FastifyRequest): Promise<{ userId: number } | { error: ApiError }> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return { error: notProvided() };
  const parts = header.trim().split(/\s+/);
  // Another scheme is not ours to judge (DRF then tries the next authenticator; there is none).
  if (parts[0]?.toLowerCase() !== 'bearer') return { error: notProvided() };
  if (parts.length !== 2 || parts[1] === undefined) return { error: badHeader() };
  const verified = await request.server.tokens.verifyAccess(parts[1]);
  if (!verified.ok) return { error: tokenNotValid() };
  return { userId: Number(verified.claims.user_id) };
}

/** simplejwt's account checks after a valid token: the user must exist and be active. */
export function accountError(account: { found: boolean; active: boolean }): ApiError | null {
  if (!account.found) return userNotFound();
  if (!account.active) return userInactive();
  return null;
}

/**
 * The user `fastify.authenticate` (or `optionalTenant` with a token) set: for handlers of routes
 * that run it. Its absence is a wiring mistake in the route, not a client error (masked as 500).
 */
export function currentUser(request: FastifyRequest): User {
  if (request.user === null) throw new Error('the route does not run fastify.authenticate');
  return request.user;
}

/** Returns the user of a valid access token, or the error to answer with. */
export async function authenticateRequest(request: FastifyRequest): Promise<{ user: User } | { error: ApiError }> {
  const token = await verifyBearerToken(request);
  if ('error' in token) return token;
  // The token proves who the caller is, but not that the account still exists and is active
  // (simplejwt checks that on every request too), so the user row is still read; the tenant
  // access check rides along in the same query.
  const requested = requestedTenant(request);
  const candidate = requested !== '' && requested.length <= MAX_TENANT_ID_LENGTH ? requested : null;
  const found = await request.server.users.findByIdWithAccess(token.userId, candidate);
  const error = accountError({ found: found !== undefined, active: found?.user.isActive === true });
  if (error !== null || found === undefined) return { error: error ?? userNotFound() };
  request.tenantAccess = candidate === null ? null : { tenantId: candidate, allowed: found.tenantAllowed };
  request.staffBuildingIds = found.staffBuildingIds;
  request.secondFactor = found.secondFactor;
  return { user: found.user };
}

/**
 * Bearer-token authentication as a reusable hook, in the style of simplejwt's
 * `JWTAuthentication`. Access tokens are stateless: they stay valid until `exp` (300 s) even
 * after logout, exactly like simplejwt; logout and password reset revoke refresh tokens.
 * @see {@link https://fastify.dev/docs/latest/Reference/Hooks/#onrequest}
 */
export const authenticationPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorateRequest('user', null);
    fastify.decorateRequest('tenantAccess', null);
    fastify.decorateRequest('staffBuildingIds', undefined);
    fastify.decorateRequest('secondFactor', undefined);
    fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const result = await authenticateRequest(request);
      if ('error' in result) throw result.error;
      request.user = result.user;
    });
    done();
  },
  { name: 'authentication', dependencies: ['tokens', 'users'] },
);
