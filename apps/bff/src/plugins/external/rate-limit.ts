import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { BffError, errorMessages } from '../../http/errors.js';

/**
 * Per-client-IP limits, off unless a route asks (`config.rateLimit`): log-in, password reset,
 * public forms, challenges and unknown addresses. Counted in Redis when there is one, so the
 * limits hold across instances; a Redis out of reach fails the request instead of switching
 * the limits off.
 * @see {@link https://github.com/fastify/fastify-rate-limit}
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { config, redis, metrics } = app;
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${config.redis?.keyPrefix ?? ''}rate-limit:` } : {}),
      // Redis down must not switch the limits off.
      skipOnError: false,
      errorResponseBuilder: (request) => {
        metrics?.rateLimitHit(request.routeOptions.url);
        return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
      },
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis', 'metrics'] },
);
