import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamAuth } from '../upstream/upstream-auth.js';
import type { SessionStore } from './session-store.js';

/**
 * Ends the user's sessions in the store (all of them, or all but `except`) and then at the
 * upstream: each session's refresh token is logged out, which revokes its token family, so
 * nothing of those sessions can be renewed either. docs/architecture.md §4 (OWASP ASVS 5.0 7.4.2, 7.4.5).
 *
 * The store goes first: from that moment every instance answers those cookies with 401. An
 * upstream that cannot be reached does not keep anyone logged in here; it is logged (without
 * tokens) and its refresh tokens would still fail at the next renewal after a password change.
 */
export async function endUserSessions(
  store: SessionStore,
  upstreamAuth: UpstreamAuth,
  userId: string,
  context: { requestId: string; log: FastifyBaseLogger; except?: string },
): Promise<number> {
  const ended = await store.destroyAllForUser(userId, context.except === undefined ? {} : { except: context.except });
  const results = await Promise.allSettled(
    ended.map((record) => upstreamAuth.logout(record.refreshToken, context.requestId)),
  );
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0)
    context.log.warn({ event: 'upstream_logout_failed', sessions: failed }, 'upstream logout of ended sessions failed');
  context.log.info(
    { event: 'sessions_ended', userId, sessions: ended.length, keptCurrent: context.except !== undefined },
    'ended the sessions of a user',
  );
  return ended.length;
}
