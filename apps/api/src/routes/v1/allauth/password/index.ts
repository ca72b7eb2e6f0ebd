import { checkPassword } from '../../../../domain/password-policy.js';
import { setPassword } from '../../../../domain/passwords.js';
import { ALLAUTH_UNAUTHENTICATED_BODY, allauthError } from '../../../../http/api-error.js';
import { contractSchema, type ContractRoutes } from '../../../../http/contract-schema.js';
import { enqueueJob } from '../../../../domain/jobs.js';
import { enqueueMail } from '../../../../domain/notifications.js';
import { createPasswordResetRepository } from './repository.js';

const PASSWORD_RESET_JOB = 'password-reset-request';

const invalidKey = () =>
  allauthError(400, [
    {
      code: 'invalid_password_reset',
      message: 'Odkaz pro obnovení hesla je neplatný, už byl použit nebo mu vypršela platnost.',
      param: 'key',
    },
  ]);

/**
 * allauth headless password reset by link (ADR 001): request → mail with
 * `/zapomenute-heslo/change?uid=…&token=…` → reset with `key = uid-token`.
 * @see {@link https://docs.allauth.org/en/latest/headless/openapi-specification/}
 */
export const passwordRoutes: ContractRoutes = async (fastify) => {
  const resets = createPasswordResetRepository(fastify.db);

  // A job, so a crash or an SMTP outage loses no reset; the link goes out as a `mail` job.
  fastify.jobs.handle(PASSWORD_RESET_JOB, async (payload) => {
    const email = String(payload['email']);
    const user = await fastify.users.findByEmail(email);
    if (user === undefined || !user.isActive) {
      fastify.log.info('password reset requested for an unknown or inactive account');
      return;
    }
    const { uid, token } = await resets.issue(user.id);
    const path = `/zapomenute-heslo/change?${new URLSearchParams({ uid, token }).toString()}`;
    await enqueueMail(fastify.db, { kind: 'password-reset', to: user.email, data: { path } });
    fastify.log.info({ userId: user.id }, 'password reset mail enqueued');
  });

  fastify.post(
    '/auth/password/request',
    { schema: contractSchema('requestPasswordReset', { errorStyle: 'allauth' }) },
    async (request, reply) => {
      const { email } = request.body;
      // Per address, known or not, so the 429 reveals nothing (allauth: `{"status": 429}`).
      if (await fastify.attemptLimits.isExhausted('resetPassword', email)) {
        return reply.code(429).send({ status: 429 });
      }
      await fastify.attemptLimits.record('resetPassword', email);
      // The lookup and the mail happen in a job: the answer is the same, and as fast, for
      // registered and unknown addresses (allauth's ACCOUNT_PREVENT_ENUMERATION).
      await enqueueJob(fastify.db, PASSWORD_RESET_JOB, { email });
      return { status: 200 };
    },
  );

  // allauth's "get password reset information": is the link still good? Read-only, so the
  // page can say a used link is void before the user types a password.
  fastify.get(
    '/auth/password/reset',
    { schema: contractSchema('getPasswordResetInfo', { errorStyle: 'allauth' }) },
    async (request) => {
      // The route schemas leave headers alone: a missing or repeated header is a wrong key.
      const key = request.headers['x-password-reset-key'];
      const token = typeof key === 'string' && key.length <= 400 ? await resets.find(key) : undefined;
      const user = token === undefined ? undefined : await fastify.users.findById(token.userId);
      if (token === undefined || user === undefined || !user.isActive) throw invalidKey();
      return { status: 200 };
    },
  );

  fastify.post(
    '/auth/password/reset',
    { schema: contractSchema('resetPassword', { errorStyle: 'allauth' }) },
    async (request, reply) => {
      const { key, password } = request.body;
      const token = await resets.find(key);
      const user = token === undefined ? undefined : await fastify.users.findById(token.userId);
      if (token === undefined || user === undefined || !user.isActive) throw invalidKey();

      // Checked before the token is spent, so a refused password does not burn the link.
      const problems = await checkPassword(password, user);
      if (problems.length > 0) {
        throw allauthError(
          400,
          problems.map((problem) => ({ ...problem, param: 'password' })),
        );
      }
      // Every session ends, and the link dies with the user's other links.
      const changed = await setPassword(fastify.db, fastify.users, user, password, {
        within: (tx) => resets.spend(token, tx),
      });
      if (!changed) throw invalidKey();

      request.log.info({ userId: user.id }, 'password reset');
      await enqueueMail(fastify.db, { kind: 'password-changed', to: user.email, data: {} });
      // allauth answers 401 after a reset: the client logs in with the new password.
      return reply.code(401).send(ALLAUTH_UNAUTHENTICATED_BODY);
    },
  );
};
