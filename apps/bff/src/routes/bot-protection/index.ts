import type { FastifyPluginAsync } from 'fastify';
import { BOT_FORMS, type BotForm } from '../../bot-protection/bot-forms.js';
import { BffError, errorMessages } from '../../http/errors.js';

/**
 * ALTCHA challenges for the public forms, each bound to its form (`?form=public-support`).
 * Answers 404 unless ALTCHA is the configured bot protection. Rate-limited like the forms, as
 * issuing signed challenges costs CPU.
 */
export const botProtectionRoutes: FastifyPluginAsync = async (app) => {
  const { config, botProtection } = app;
  const perMinute = config.rateLimits.publicFormsPerMinute;
  app.get<{ Querystring: { form: BotForm } }>(
    '/api/bot-protection/challenge',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        querystring: {
          type: 'object',
          required: ['form'],
          additionalProperties: false,
          properties: { form: { type: 'string', enum: [...BOT_FORMS] } },
        },
      },
    },
    async (request) => {
      if (!botProtection.altcha) throw new BffError(404, 'not_found', errorMessages.notFound);
      return botProtection.altcha.challenge(request.query.form);
    },
  );
};
