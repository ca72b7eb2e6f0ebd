import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../plugins/app/authentication.js';
import {
  activateTotp,
  endPendingLogin,
  failPendingLogin,
  pendingLoginUser,
  recoveryCodeState,
  regenerateRecoveryCodes,
  removeSecondFactor,
  setupSecret,
  totpState,
  verifySecondFactor,
  type RecoveryCodeState,
  type TotpState,
} from '../../../../domain/second-factor.js';
import { allauthError } from '../../../../http/api-error.js';
import { contractSchema, type ContractRoutes } from '../../../../http/contract-schema.js';
import { loginAnswer } from '../../../../http/allauth-login-answer.js';

const epochSeconds = (date: Date) => date.getTime() / 1000;

const incorrectCode = () =>
  allauthError(400, [{ code: 'incorrect_code', message: 'Zadaný kód není správný.', param: 'code' }]);

const tooManyAttempts = () =>
  allauthError(400, [
    {
      code: 'too_many_attempts',
      message: 'Příliš mnoho nesprávných kódů. Zkuste to prosím později.',
    },
  ]);

/** allauth's answer when the pending login is gone: start again with the password. */
const loginAgain = () => ({
  status: 401 as const,
  data: { flows: [{ id: 'login' }] },
  meta: { is_authenticated: false as const },
});

function totpBody(state: TotpState) {
  return {
    type: 'totp' as const,
    created_at: epochSeconds(state.activatedAt ?? new Date()),
    last_used_at: state.lastUsedAt === null ? null : epochSeconds(state.lastUsedAt),
  };
}

function recoveryBody(state: RecoveryCodeState) {
  return {
    type: 'recovery_codes' as const,
    created_at: epochSeconds(state.createdAt),
    last_used_at: state.lastUsedAt === null ? null : epochSeconds(state.lastUsedAt),
    total_code_count: state.total,
    unused_code_count: state.unused,
  };
}

function sessionToken(request: FastifyRequest): string {
  const raw = request.headers['x-session-token'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value.length > 128 ? '' : value.trim();
}

/**
 * allauth headless MFA (ADR 012): completing a login with the second factor, and the user's own
 * authenticators (TOTP and recovery codes) under `/account/authenticators`.
 * @see {@link https://docs.allauth.org/en/latest/headless/openapi-specification/}
 */
export const mfaRoutes: ContractRoutes = async (fastify) => {
  const authenticated = { onRequest: [fastify.authenticate] };

  fastify.post(
    '/auth/2fa/authenticate',
    { schema: contractSchema('authenticateSecondFactor', { errorStyle: 'allauth' }) },
    async (request, reply) => {
      const token = sessionToken(request);
      const userId = token === '' ? null : await pendingLoginUser(fastify.db, token);
      const user = userId === null ? undefined : await fastify.users.findById(userId);
      if (userId === null || user === undefined || !user.isActive) {
        return reply.code(401).send(loginAgain());
      }
      // Over all of the user's pending logins, so new logins do not buy new guesses.
      const attemptKey = `user:${user.id}`;
      if (await fastify.attemptLimits.isExhausted('secondFactorFailed', attemptKey)) throw tooManyAttempts();
      const verified = await verifySecondFactor(fastify.db, user.id, request.body.code);
      if (!verified.ok && verified.replayed === true) {
        throw allauthError(400, [
          {
            code: 'code_already_used',
            message: 'Tento kód už byl použit. Počkejte prosím na další kód v aplikaci.',
            param: 'code',
          },
        ]);
      }
      if (!verified.ok) {
        await fastify.attemptLimits.record('secondFactorFailed', attemptKey);
        const open = await failPendingLogin(fastify.db, token);
        request.log.info({ userId: user.id, open }, 'second factor refused');
        if (!open) return reply.code(401).send(loginAgain());
        throw incorrectCode();
      }
      await endPendingLogin(fastify.db, token);
      const tokens = await fastify.tokens.issuePair(user.id);
      request.log.info({ userId: user.id, method: verified.method }, 'user logged in with a second factor');
      return loginAnswer(user, tokens, [{ method: 'mfa', at: Date.now() / 1000, type: verified.method }]);
    },
  );

  fastify.get(
    '/account/authenticators',
    { schema: contractSchema('listAuthenticators', { errorStyle: 'allauth' }), ...authenticated },
    async (request) => {
      const user = currentUser(request);
      const totp = await totpState(fastify.db, user.id);
      const codes = totp.active ? await recoveryCodeState(fastify.db, user.id) : null;
      return {
        status: 200 as const,
        data: [...(totp.active ? [totpBody(totp)] : []), ...(codes === null ? [] : [recoveryBody(codes)])],
      };
    },
  );

  fastify.get(
    '/account/authenticators/totp',
    { schema: contractSchema('getTotpAuthenticator', { errorStyle: 'allauth' }), ...authenticated },
    async (request, reply) => {
      const user = currentUser(request);
      const totp = await totpState(fastify.db, user.id);
      if (totp.active) return { status: 200 as const, data: totpBody(totp) };
      const setup = await setupSecret(fastify.db, user);
      // Activated meanwhile by another request: answer as active.
      if (setup === null) return { status: 200 as const, data: totpBody(await totpState(fastify.db, user.id)) };
      return reply.code(404).send({ status: 404, meta: { secret: setup.secret, totp_url: setup.url } });
    },
  );

  fastify.post(
    '/account/authenticators/totp',
    { schema: contractSchema('activateTotp', { errorStyle: 'allauth' }), ...authenticated },
    async (request, reply) => {
      const user = currentUser(request);
      const attemptKey = `user:${user.id}`;
      if (await fastify.attemptLimits.isExhausted('secondFactorSetup', attemptKey)) throw tooManyAttempts();
      const result = await activateTotp(fastify.db, user.id, request.body.code);
      if (!result.ok) {
        if (result.reason === 'active') return reply.code(409).send({ status: 409 });
        await fastify.attemptLimits.record('secondFactorSetup', attemptKey);
        throw incorrectCode();
      }
      request.log.info({ userId: user.id }, 'second factor activated');
      return {
        status: 200 as const,
        data: totpBody(await totpState(fastify.db, user.id)),
        meta: { recovery_codes: result.recoveryCodes },
      };
    },
  );

  fastify.delete(
    '/account/authenticators/totp',
    { schema: contractSchema('deactivateTotp', { errorStyle: 'allauth' }), ...authenticated },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.isStaff) {
        throw allauthError(403, [
          {
            code: 'second_factor_required',
            message: 'Pracovníci správy budov musí mít dvoufázové ověření zapnuté.',
          },
        ]);
      }
      if (!(await removeSecondFactor(fastify.db, user.id))) return reply.code(404).send({ status: 404 });
      request.log.info({ userId: user.id }, 'second factor deactivated');
      return { status: 200 };
    },
  );

  fastify.get(
    '/account/authenticators/recovery-codes',
    { schema: contractSchema('getRecoveryCodes', { errorStyle: 'allauth' }), ...authenticated },
    async (request, reply) => {
      const user = currentUser(request);
      const state = (await totpState(fastify.db, user.id)).active ? await recoveryCodeState(fastify.db, user.id) : null;
      if (state === null) return reply.code(404).send({ status: 404 });
      return { status: 200 as const, data: recoveryBody(state) };
    },
  );

  fastify.post(
    '/account/authenticators/recovery-codes',
    { schema: contractSchema('regenerateRecoveryCodes', { errorStyle: 'allauth' }), ...authenticated },
    async (request) => {
      const user = currentUser(request);
      const codes = await regenerateRecoveryCodes(fastify.db, user.id);
      if (codes === null) {
        throw allauthError(400, [{ code: 'totp_not_active', message: 'Dvoufázové ověření není zapnuté.' }]);
      }
      const state = await recoveryCodeState(fastify.db, user.id);
      request.log.info({ userId: user.id }, 'recovery codes regenerated');
      return {
        status: 200 as const,
        data: {
          ...recoveryBody(
            state ?? { createdAt: new Date(), lastUsedAt: null, total: codes.length, unused: codes.length },
          ),
          unused_codes: codes,
        },
      };
    },
  );
};
