import type { FastifyRequest } from 'fastify';
import { BffError, errorMessages } from '../http/errors.js';
import type { UpstreamAuth } from '../upstream/upstream-auth.js';
import type { SessionRecord } from './session-store.js';

/**
 * Checks the session user's password before a change that asks for it again (logging out
 * everywhere, the second factor on /profil) by a login at the upstream, which has no separate
 * reauthentication. A wrong password counts there as a failed login (its delays apply) and is
 * refused with 400 `invalid_password`, or 429 with `Retry-After` once the upstream limits the
 * attempts. A right one opens a login whose tokens are logged out at once, or a pending login
 * of the second factor that simply expires at the upstream.
 */
export async function confirmPassword(
  upstreamAuth: UpstreamAuth,
  record: SessionRecord,
  password: string,
  request: Pick<FastifyRequest, 'id' | 'ip' | 'log'>,
): Promise<void> {
  const result = await upstreamAuth.login(record.user.email, password, request.id, request.ip);
  if (result.ok === 'second_factor') return;
  if (!result.ok) {
    request.log.info({ event: 'password_confirmation_failed', status: result.status }, 'password not confirmed');
    if (result.status === 429) {
      throw new BffError(
        429,
        'too_many_requests',
        result.message,
        undefined,
        result.retryAfter === undefined ? {} : { 'retry-after': result.retryAfter },
      );
    }
    throw new BffError(400, 'invalid_password', errorMessages.wrongPassword, { password: errorMessages.wrongPassword });
  }
  try {
    await upstreamAuth.logout(result.tokens.refreshToken, request.id);
  } catch (error) {
    request.log.warn({ err: error, event: 'upstream_logout_failed' }, 'upstream logout of the check login failed');
  }
}
