import type { FastifyPluginAsync } from 'fastify';
import { botFormOf } from '../../bot-protection/bot-forms.js';
import { BffError, errorMessages } from '../../http/errors.js';

const requestBodySchema = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', format: 'email', minLength: 1, maxLength: 254 } },
} as const;

const confirmBodySchema = {
  type: 'object',
  required: ['uid', 'token', 'password'],
  additionalProperties: false,
  properties: {
    uid: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
    token: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9_-]+$' },
    password: { type: 'string', minLength: 8, maxLength: 1024 },
  },
} as const;

/**
 * Password reset on behalf of the browser. The request always answers the same, whether or not
 * the e-mail belongs to an account, so the form cannot be used to find accounts.
 */
export const passwordResetRoutes: FastifyPluginAsync<{ perMinute: number }> = async (app, { perMinute }) => {
  const { upstreamAuth, botProtection } = app.portal;
  const rateLimit = { max: perMinute, timeWindow: 60_000 };
  const requestForm = botFormOf('/api/password-reset/request', 'post');

  app.post<{ Body: { email: string } }>(
    '/api/password-reset/request',
    {
      schema: { body: requestBodySchema },
      config: { rateLimit },
      // After validation, so a typo does not use up the single-use token.
      preHandler: async (request) => {
        if (requestForm) await botProtection.check(request, requestForm);
      },
    },
    async (request, reply) => {
      await upstreamAuth.requestPasswordReset(request.body.email.trim(), request.id);
      return reply.code(202).send({});
    },
  );

  app.post<{ Body: { uid: string; token: string; password: string } }>(
    '/api/password-reset/confirm',
    { schema: { body: confirmBodySchema }, config: { rateLimit } },
    async (request, reply) => {
      const { uid, token, password } = request.body;
      // The upstream (allauth) takes one key: the user part and the token joined by a hyphen.
      const fields = await upstreamAuth.resetPassword(`${uid}-${token}`, password, request.id);
      if (fields) {
        const message = fields.token ?? fields.password ?? errorMessages.validation;
        throw new BffError(400, fields.token ? 'invalid_reset_link' : 'validation_error', message, fields);
      }
      return reply.code(204).send();
    },
  );
};
