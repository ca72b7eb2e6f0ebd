import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import type { components } from '../../http/own-operations.gen.js';
import { ownRoute } from '../../http/own-route.js';
import { endUserSessions } from '../../sessions/end-user-sessions.js';
import { sessionHandle, sessionInfo } from '../../sessions/session-devices.js';
import { normaliseTenantId, type ActiveSession } from '../../sessions/session-manager.js';
import type { SessionRecord } from '../../sessions/session-store.js';

/**
 * The `Session` schema of bff.yaml: who is logged in (`user.is_staff` tells a staff member, who
 * has no tenants), for which tenants, and which is chosen.
 */
export function sessionBody(record: SessionRecord): components['schemas']['Session'] {
  return { user: record.user, tenants: record.tenants, selectedTenantId: record.selectedTenantId };
}

const WRONG_PASSWORD = 'Heslo není správné.';

/**
 * Log in, log out, the current session and tenant selection. Tokens never leave this module's
 * session store: the answers carry only the user, the tenants and the chosen tenant.
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { config, sessions, upstreamAuth } = app;
  const loginPerMinute = config.rateLimits.loginPerMinute;

  ownRoute(app, 'getSession', {
    handler: async (request, reply) => {
      // A session check must not extend the session (idle timeout), hence touch: false.
      const session = await sessions.require(request, reply, { touch: false });
      const fresh = await refreshIdentity(session, request.id, reply);
      return sessionBody(fresh);
    },
  });

  ownRoute(app, 'createSession', {
    // Per client IP; the upstream also delays a client after repeated failures for one address.
    config: { rateLimit: { max: loginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const email = request.body.email.trim();
      const result = await upstreamAuth.login(email, request.body.password, request.id, request.ip);
      if (!result.ok) {
        request.log.info({ event: 'login_failed', status: result.status }, 'login refused');
        throw new BffError(
          result.status,
          result.status === 429 ? 'too_many_requests' : 'invalid_credentials',
          result.message,
          Object.keys(result.fields).length > 0 ? result.fields : undefined,
          result.retryAfter === undefined ? {} : { 'retry-after': result.retryAfter },
        );
      }
      const { user, tenants } = await upstreamAuth.identity(result.tokens.accessToken, request.id);
      const session = await sessions.start(request, reply, { tokens: result.tokens, user, tenants });
      request.log.info({ event: 'login', userId: user.id, staff: user.is_staff }, 'logged in');
      return sessionBody(session.record);
    },
  });

  ownRoute(app, 'deleteSession', {
    handler: async (request, reply) => {
      const session = await sessions.read(request);
      if (session) {
        try {
          await upstreamAuth.logout(session.record.refreshToken, request.id);
        } catch (error) {
          // The local session ends regardless; an unreachable upstream must not keep anyone in.
          request.log.warn({ err: error }, 'upstream logout failed');
        }
        await sessions.end(session.id, reply);
      } else {
        sessions.clearSessionCookie(reply);
      }
      // Cookies and cached pages of this origin go too, so nothing of the session lingers.
      reply.header('clear-site-data', '"cache", "cookies"');
      return reply.code(204).send();
    },
  });

  // The user's own sessions on /profil, the most recently used first. A mere look: does not
  // extend the session's idle time.
  ownRoute(app, 'listSessions', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: false });
      const listed = await sessions.store.listForUser(String(session.record.user.id));
      listed.sort((a, b) => b.record.lastActiveAt - a.record.lastActiveAt || b.record.createdAt - a.record.createdAt);
      return { sessions: listed.map(({ id, record }) => sessionInfo(id, record, session.id)) };
    },
  });

  // One other device logged out from the list; the current one logs out with deleteSession.
  ownRoute(app, 'deleteOtherSession', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      const { sessionId: handle } = request.params;
      if (handle === sessionHandle(session.id)) {
        throw new BffError(400, 'current_session', 'Toto zařízení odhlásíte tlačítkem Odhlásit se.');
      }
      const listed = await sessions.store.listForUser(String(session.record.user.id));
      const target = listed.find(({ id }) => sessionHandle(id) === handle);
      if (!target) throw new BffError(404, 'not_found', 'Toto přihlášení už skončilo.');
      await sessions.store.destroy(target.id);
      try {
        await upstreamAuth.logout(target.record.refreshToken, request.id);
      } catch (error) {
        // Ended here regardless; its refresh token would still fail at the next renewal.
        request.log.warn({ err: error, event: 'upstream_logout_failed' }, 'upstream logout of an ended session failed');
      }
      request.log.info({ event: 'session_ended', userId: session.record.user.id }, 'ended another session of the user');
      return reply.code(204).send();
    },
  });

  // Log out everywhere (docs/architecture.md §4): every session of this user, on every
  // instance and device, once the current password is confirmed.
  ownRoute(app, 'deleteAllSessions', {
    config: { rateLimit: { max: loginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const session = await sessions.read(request);
      if (!session) {
        if (request.cookies[sessions.cookies.session]) sessions.clearSessionCookie(reply);
        throw new BffError(401, 'not_authenticated', errorMessages.notAuthenticated);
      }
      await confirmPassword(session.record, request.body.password, request);
      await endUserSessions(sessions.store, upstreamAuth, String(session.record.user.id), {
        requestId: request.id,
        log: request.log,
      });
      sessions.clearSessionCookie(reply);
      reply.header('clear-site-data', '"cache", "cookies"');
      return reply.code(204).send();
    },
  });

  /**
   * Checks the session user's password by a login at the upstream, which has no separate
   * reauthentication: a wrong password counts there as a failed login (its delays apply), and
   * the tokens of a right one are logged out at once.
   */
  async function confirmPassword(record: SessionRecord, password: string, request: FastifyRequest): Promise<void> {
    const result = await upstreamAuth.login(record.user.email, password, request.id, request.ip);
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
      throw new BffError(400, 'invalid_password', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
    try {
      await upstreamAuth.logout(result.tokens.refreshToken, request.id);
    } catch (error) {
      request.log.warn({ err: error, event: 'upstream_logout_failed' }, 'upstream logout of the check login failed');
    }
  }

  ownRoute(app, 'selectSessionTenant', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      const tenantId = normaliseTenantId(request.body.tenantId);
      if (tenantId !== null && !session.record.tenants.some((tenant) => tenant.id === tenantId)) {
        throw new BffError(403, 'tenant_forbidden', errorMessages.tenantForbidden);
      }
      await sessions.store.patch(session.id, { selectedTenantId: tenantId });
      sessions.rememberTenant(reply, tenantId);
      return sessionBody({ ...session.record, selectedTenantId: tenantId });
    },
  });

  /**
   * Re-reads the profile and the tenant list, so a change made by the operator (a revoked
   * tenant, a new phone number) shows on the next page load. A 401 from the profile call ends
   * the session (docs/product.md §4).
   */
  async function refreshIdentity(
    session: ActiveSession,
    requestId: string,
    reply: FastifyReply,
  ): Promise<SessionRecord> {
    try {
      const { user, tenants } = await upstreamAuth.identity(session.record.accessToken, requestId);
      const selectedTenantId = tenants.some((tenant) => tenant.id === session.record.selectedTenantId)
        ? session.record.selectedTenantId
        : null;
      await sessions.store.patch(session.id, { user, tenants, selectedTenantId });
      return { ...session.record, user, tenants, selectedTenantId };
    } catch (error) {
      if (error instanceof BffError && error.statusCode === 401) await sessions.end(session.id, reply);
      throw error;
    }
  }
};
