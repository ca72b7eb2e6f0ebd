import type { FastifyPluginAsync } from 'fastify';
import { BffError, errorMessages } from '../../http/errors.js';
import { ownRoute } from '../../http/own-route.js';

/**
 * ALTCHA challenges for the public forms, each bound to its form (`?form=public-support`).
 * Answers 404 unless ALTCHA is the configured bot protection. Rate-limited like the forms, as
 * issuing signed challenges costs CPU.
 */
export const botProtectionRoutes: FastifyPluginAsync = async (app) => {
  const { config, botProtection } = app;
  const perMinute = config.rateLimits.publicFormsPerMinute;
  ownRoute(app, 'getBotProtectionChallenge', {
    config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    handler: async (request) => {
      if (!botProtection.altcha) throw new BffError(404, 'not_found', errorMessages.notFound);
      // Copied into a plain object: the document's AltchaChallenge is any JSON object.
      return { ...(await botProtection.altcha.challenge(request.query.form)) };
    },
  });
};
