import type { FastifyPluginAsync } from 'fastify';
import { ALLAUTH_UNAUTHENTICATED_BODY, allauthError } from '../../../../http/api-error.js';
import { displayName } from '../../../../plugins/app/users.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../../../security/password-hash.js';
import { loginSchema, logoutSchema, type LoginBody, type LogoutBody } from './schemas.js';

/** allauth's answer for an account that may not log in: the login flow is still open. */
const INACTIVE_ACCOUNT_BODY = {
  status: 401,
  data: { flows: [{ id: 'login' }] },
  meta: { is_authenticated: false },
} as const;

/**
 * allauth headless "app" login and logout, answering with simplejwt tokens (ADR 001).
 * @see {@link https://docs.allauth.org/en/latest/headless/openapi-specification/}
 */
export const authRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.post<{ Body: LoginBody }>('/auth/login', { schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body;
    // allauth checks the limit before the password, so a guesser learns nothing once locked.
    if (await fastify.attemptLimits.isExhausted('loginFailed', email)) {
      throw allauthError(400, [
        {
          code: 'too_many_login_attempts',
          message: 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím později.',
        },
      ]);
    }
    const user = await fastify.users.findByEmail(email);
    // Unknown addresses cost a full scrypt run too, so timing does not reveal accounts.
    const matches = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
    if (user === undefined || !matches) {
      await fastify.attemptLimits.record('loginFailed', email);
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
    await fastify.attemptLimits.clear('loginFailed', email);
    if (needsRehash(user.passwordHash)) {
      await fastify.users.updatePasswordHash(user.id, await hashPassword(password));
    }

    const tokens = await fastify.tokens.issuePair(user.id);
    request.log.info({ userId: user.id }, 'user logged in');
    return {
      status: 200,
      data: {
        user: {
          id: user.id,
          display: displayName(user),
          email: user.email,
          has_usable_password: true,
        },
        methods: [{ method: 'password', at: Date.now() / 1000, email: user.email }],
      },
      meta: { is_authenticated: true, access: tokens.access, refresh: tokens.refresh },
    };
  });

  fastify.delete<{ Body: LogoutBody | undefined }>(
    '/auth/session',
    // A body that fails the schema is treated like a missing token: logout is idempotent and
    // always ends in allauth's "not authenticated" answer.
    { schema: logoutSchema, attachValidation: true },
    async (request, reply) => {
      const refresh = request.validationError === undefined ? request.body?.refresh : undefined;
      if (typeof refresh === 'string' && refresh !== '') {
        const revoked = await fastify.tokens.revokeFamilyOf(refresh);
        request.log.info({ revoked }, 'logout');
      }
      return reply.code(401).send(ALLAUTH_UNAUTHENTICATED_BODY);
    },
  );
};
