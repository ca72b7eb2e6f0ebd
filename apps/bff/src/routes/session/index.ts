import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import type { components } from '../../http/own-operations.gen.js';
import { ownRoute } from '../../http/own-route.js';
import { confirmPassword } from '../../sessions/confirm-password.js';
import { endUserSessions } from '../../sessions/end-user-sessions.js';
import { secondFactorSetupRequired } from '../../sessions/second-factor.js';
import { sessionHandle, sessionInfo } from '../../sessions/session-devices.js';
import { normaliseTenantId, type ActiveSession } from '../../sessions/session-manager.js';
import type { SessionRecord } from '../../sessions/session-store.js';

/**
 * The `Session` schema of bff.yaml: who is logged in (`user.is_staff` tells a staff member, who
 * has no tenants), for which tenants, and which is chosen.
 */
export function sessionBody(record: SessionRecord, setupRequired = false): components['schemas']['Session'] {
  return {
    user: record.user,
    tenants: record.tenants,
    selectedTenantId: record.selectedTenantId,
    ...(setupRequired ? { secondFactorSetupRequired: true } : {}),
  };
}

/**
 * Log in, log out, the current session and tenant selection. Tokens never leave this module's
 * session store: the answers carry only the user, the tenants and the chosen tenant.
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { config, sessions, upstreamAuth } = app;
  const loginPerMinute = config.rateLimits.loginPerMinute;

  ownRoute(app, 'getSession', {
    handler: async (request, reply) => {
      // No session is an answer, not an error: a guest's every page load asks (bff.yaml).
      // A pending login (password given, second factor not yet) is no session either, but its
      // cookie stays: the login page's code step still needs it (ADR 012).
      if (!(await sessions.read(request))) {
        const cookie = request.cookies[sessions.cookies.session];
        if (cookie && !(await sessions.readPending(request))) sessions.clearSessionCookie(reply);
        return { session: null };
      }
      try {
        // A session check must not extend the session (idle timeout), hence touch: false.
        const session = await sessions.require(request, reply, { touch: false });
        const fresh = await refreshIdentity(session, request.id, reply);
        return { session: sessionBody(fresh, await secondFactorSetupRequired(app.upstream, fresh, request.id)) };
      } catch (error) {
        // Ended meanwhile (renewal refused, the upstream revoked the token): no session.
        if (!(error instanceof BffError) || error.statusCode !== 401) throw error;
        sessions.clearSessionCookie(reply);
        return { session: null };
      }
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
      if (result.ok === 'second_factor') {
        // The password matched; no tokens until the code (routes/second-factor, ADR 012).
        await sessions.startPending(request, reply, result.sessionToken);
        request.log.info({ event: 'login_second_factor_pending' }, 'login waits for the second factor');
        return reply.code(202).send({ secondFactor: 'pending' });
      }
      const { user, tenants } = await upstreamAuth.identity(result.tokens.accessToken, request.id);
      const session = await sessions.start(request, reply, { tokens: result.tokens, user, tenants });
      request.log.info({ event: 'login', userId: user.id, staff: user.is_staff }, 'logged in');
      return sessionBody(session.record, await secondFactorSetupRequired(app.upstream, session.record, request.id));
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
        // A login waiting for its second factor ends here too (it holds no upstream tokens).
        const pending = await sessions.readPending(request);
        if (pending) await sessions.end(pending.id, reply);
        else sessions.clearSessionCookie(reply);
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
        throw new BffError(400, 'current_session', 'Toto zařízení odhlásíte tlačítkem „Odhlásit se“.');
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
      await confirmPassword(upstreamAuth, session.record, request.body.password, request);
      await endUserSessions(sessions.store, upstreamAuth, String(session.record.user.id), {
        requestId: request.id,
        log: request.log,
      });
      sessions.clearSessionCookie(reply);
      reply.header('clear-site-data', '"cache", "cookies"');
      return reply.code(204).send();
    },
  });

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
