import type { components } from '@portal/openapi/upstream-types';
import { loginAttemptKey } from '../../../../domain/attempt-limits.js';
import { passwordMatches, upgradeOutdatedHash } from '../../../../domain/passwords.js';
import { hasActiveSecondFactor, startPendingLogin } from '../../../../domain/second-factor.js';
import { ALLAUTH_UNAUTHENTICATED_BODY, allauthError } from '../../../../http/api-error.js';
import { contractSchema, type ContractRoutes } from '../../../../http/contract-schema.js';
import { loginAnswer } from '../../../../http/allauth-login-answer.js';

/** allauth's answer for an account that may not log in: the login flow is still open. */
const INACTIVE_ACCOUNT_BODY: Readonly<components['schemas']['AllauthAuthenticationResponse']> = {
  status: 401,
  data: { flows: [{ id: 'login' }] },
  meta: { is_authenticated: false },
};

/**
 * allauth headless "app" login and logout, answering with simplejwt tokens (ADR 001).
 * @see {@link https://docs.allauth.org/en/latest/headless/openapi-specification/}
 */
export const authRoutes: ContractRoutes = async (fastify) => {
  fastify.post(
    '/auth/login',
    { schema: contractSchema('login', { errorStyle: 'allauth' }) },
    async (request, reply) => {
      const { email, password } = request.body;
      // Failures count per address *and* client (request.ip: the BFF names the browser in
      // X-Forwarded-For, trusted from TRUST_PROXY only), so a stranger's failures never lock the
      // owner out. Checked before the password, so a guesser learns nothing while waiting.
      const attemptKey = loginAttemptKey(email, request.ip);
      const wait = await fastify.attemptLimits.loginDelay(attemptKey);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw allauthError(400, [
          {
            code: 'too_many_login_attempts',
            message: 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím později.',
          },
        ]);
      }
      const user = await fastify.users.findByEmail(email);
      if (user === undefined || !(await passwordMatches(user, password))) {
        await fastify.attemptLimits.record('loginFailed', attemptKey);
        throw allauthError(400, [
          {
            code: 'email_password_mismatch',
            message: 'Zadaný e-mail nebo heslo nejsou správné.',
            param: 'password',
          },
        ]);
      }
      // allauth answers an inactive account with its 401 "not authenticated" response; only
      // after the password matched, so it reveals nothing to a guesser.
      if (!user.isActive) {
        request.log.info({ userId: user.id }, 'login refused: inactive account');
        return reply.code(401).send(INACTIVE_ACCOUNT_BODY);
      }
      await fastify.attemptLimits.clear('loginFailed', attemptKey);
      await upgradeOutdatedHash(fastify.users, user, password);

      // allauth MFA (ADR 012): with an active authenticator the password alone issues no
      // tokens; the login waits for its code under a handle the client sends back.
      if (await hasActiveSecondFactor(fastify.db, user.id)) {
        const sessionToken = await startPendingLogin(fastify.db, user.id);
        request.log.info({ userId: user.id }, 'login waits for the second factor');
        return reply.code(401).send({
          status: 401,
          data: { flows: [{ id: 'login' }, { id: 'mfa_authenticate', is_pending: true }] },
          meta: { is_authenticated: false, session_token: sessionToken },
        });
      }

      const tokens = await fastify.tokens.issuePair(user.id);
      request.log.info({ userId: user.id }, 'user logged in');
      return loginAnswer(user, tokens, []);
    },
  );

  fastify.delete(
    '/auth/session',
    // A body that fails the schema is treated like a missing token: logout is idempotent and
    // always ends in allauth's "not authenticated" answer.
    { schema: contractSchema('logout', { errorStyle: 'allauth' }), attachValidation: true },
    async (request, reply) => {
      const refresh = request.validationError === undefined ? request.body.refresh : undefined;
      if (refresh !== undefined) {
        const revoked = await fastify.tokens.revokeFamilyOf(refresh);
        request.log.info({ revoked }, 'logout');
      }
      return reply.code(401).send(ALLAUTH_UNAUTHENTICATED_BODY);
    },
  );
};
