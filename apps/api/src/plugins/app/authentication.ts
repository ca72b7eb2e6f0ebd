import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { BEARER_CHALLENGE, drfError, type ApiError } from '../../http/api-error.js';
import type { User } from './users.js';

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
  }
}

/** simplejwt's `JWTAuthentication` answers (codes kept), with the header simplejwt sends. */
const notProvided = () =>
  drfError(401, 'not_authenticated', 'Nebyly zadány přihlašovací údaje.', BEARER_CHALLENGE);
const badHeader = () =>
  drfError(
    401,
    'bad_authorization_header',
    'Hlavička Authorization musí mít tvar „Bearer <token>“.',
    BEARER_CHALLENGE,
  );
const tokenNotValid = () =>
  drfError(401, 'token_not_valid', 'Přístupový token je neplatný nebo vypršel.', BEARER_CHALLENGE);
const userNotFound = () =>
  drfError(401, 'user_not_found', 'Uživatel nebyl nalezen.', BEARER_CHALLENGE);
const userInactive = () =>
  drfError(401, 'user_inactive', 'Uživatelský účet je neaktivní.', BEARER_CHALLENGE);

/** Returns the user of a valid access token, or the error to answer with. */
export async function authenticateRequest(
  request: FastifyRequest,
): Promise<{ user: User } | { error: ApiError }> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return { error: notProvided() };
  const parts = header.trim().split(/\s+/);
  // Another scheme is not ours to judge (DRF then tries the next authenticator; there is none).
  if (parts[0]?.toLowerCase() !== 'bearer') return { error: notProvided() };
  if (parts.length !== 2 || parts[1] === undefined) return { error: badHeader() };

  const verified = await request.server.tokens.verifyAccess(parts[1]);
  if (!verified.ok) return { error: tokenNotValid() };
  const user = await request.server.users.findById(Number(verified.claims.user_id));
  if (user === undefined) return { error: userNotFound() };
  if (!user.isActive) return { error: userInactive() };
  return { user };
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
    fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const result = await authenticateRequest(request);
      if ('error' in result) throw result.error;
      request.user = result.user;
    });
    done();
  },
  { name: 'authentication', dependencies: ['tokens', 'users'] },
);
