import type { FastifyPluginAsync } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import { ownRoute } from '../../http/own-route.js';
import { confirmPassword } from '../../sessions/confirm-password.js';
import { UpstreamSecondFactor } from '../../upstream/upstream-second-factor.js';

const ALREADY_ON = 'Dvoufázové ověření už máte zapnuté.';
const NOT_ON = 'Dvoufázové ověření nemáte zapnuté.';
const LOGIN_AGAIN = 'Přihlášení vypršelo nebo bylo zadáno příliš mnoho nesprávných kódů. Přihlaste se prosím znovu.';
const STAFF_KEEP =
  'Pracovníci správy budov musí mít dvoufázové ověření zapnuté. Při ztrátě telefonu použijte záchranný kód nebo požádejte správce portálu o obnovení.';

/**
 * The second factor (ADR 012): the code step of a login waiting for it, and the user's own
 * TOTP authenticator and recovery codes on /profil. The pending login lives in the server-side
 * session (never the browser); these routes are the only ones besides logout that accept it.
 */
export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const { config, sessions, upstreamAuth } = app;
  const secondFactor = new UpstreamSecondFactor(app.upstream);
  const loginPerMinute = config.rateLimits.loginPerMinute;

  ownRoute(app, 'completeSecondFactor', {
    // Per client IP, as the login; the upstream also limits wrong codes per pending login and user.
    config: { rateLimit: { max: loginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const pending = await sessions.readPending(request);
      const sessionToken = pending?.record.pendingSecondFactor?.sessionToken;
      if (!pending || sessionToken === undefined) {
        throw new BffError(401, 'not_authenticated', errorMessages.notAuthenticated);
      }
      const result = await secondFactor.authenticate(sessionToken, request.body.code.trim(), request.id, request.ip);
      if (result.kind === 'wrong_code') {
        request.log.info({ event: 'second_factor_failed' }, 'second factor refused');
        throw new BffError(400, 'invalid_code', result.message, { code: result.message });
      }
      if (result.kind === 'too_many') {
        throw new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
      }
      if (result.kind === 'ended') {
        await sessions.end(pending.id, reply);
        throw new BffError(401, 'not_authenticated', LOGIN_AGAIN);
      }
      const { user, tenants } = await upstreamAuth.identity(result.tokens.accessToken, request.id);
      // A new session id for the logged-in session; the pending one ends with it.
      const session = await sessions.start(request, reply, { tokens: result.tokens, user, tenants });
      request.log.info({ event: 'login', userId: user.id, staff: user.is_staff, secondFactor: true }, 'logged in');
      return {
        user: session.record.user,
        tenants: session.record.tenants,
        selectedTenantId: session.record.selectedTenantId,
      };
    },
  });

  ownRoute(app, 'getSecondFactor', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: false });
      const summary = await secondFactor.summary(session.record.accessToken, request.id);
      return { ...summary, required: session.record.user.is_staff };
    },
  });

  ownRoute(app, 'getSecondFactorSetup', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      const setup = await secondFactor.setup(session.record.accessToken, request.id);
      if (setup === null) throw new BffError(409, 'conflict', ALREADY_ON);
      return setup;
    },
  });

  ownRoute(app, 'enableSecondFactor', {
    config: { rateLimit: { max: loginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      const result = await secondFactor.activate(session.record.accessToken, request.body.code.trim(), request.id);
      if (result.kind === 'wrong_code')
        throw new BffError(400, 'invalid_code', result.message, { code: result.message });
      if (result.kind === 'too_many') throw new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
      if (result.kind === 'active') throw new BffError(409, 'conflict', ALREADY_ON);
      request.log.info({ event: 'second_factor_enabled', userId: session.record.user.id }, 'second factor on');
      return { recoveryCodes: result.recoveryCodes };
    },
  });

  ownRoute(app, 'disableSecondFactor', {
    config: { rateLimit: { max: loginPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      if (session.record.user.is_staff) throw new BffError(403, 'second_factor_required', STAFF_KEEP);
      await confirmPassword(upstreamAuth, session.record, request.body.password, request);
      const outcome = await secondFactor.deactivate(session.record.accessToken, request.id);
      if (outcome === 'staff') throw new BffError(403, 'second_factor_required', STAFF_KEEP);
      if (outcome === 'none') throw new BffError(404, 'not_found', NOT_ON);
      request.log.info({ event: 'second_factor_disabled', userId: session.record.user.id }, 'second factor off');
      return reply.code(204).send();
    },
  });

  ownRoute(app, 'renewRecoveryCodes', {
    handler: async (request, reply) => {
      const session = await sessions.require(request, reply, { touch: true });
      const codes = await secondFactor.regenerateRecoveryCodes(session.record.accessToken, request.id);
      if (codes === null) throw new BffError(409, 'conflict', NOT_ON);
      request.log.info({ event: 'recovery_codes_renewed', userId: session.record.user.id }, 'recovery codes renewed');
      return { recoveryCodes: codes };
    },
  });
};
