import fp from 'fastify-plugin';
import { AccessCodeGuard, MemoryFailureCounter, RedisFailureCounter } from '../../http/access-code-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts wrong access codes per client and refuses a client over the limit. */
    accessCodeGuard: AccessCodeGuard;
  }
}

export interface AccessCodeGuardPluginOptions {
  /** The clock (epoch ms) of the memory counter's windows; tests move it. */
  now: () => number;
}

/**
 * The access-code guard of public support requests, its count shared through Redis when
 * there is one (docs/architecture.md §4, Abuse limits).
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const accessCodeGuardPlugin = fp<AccessCodeGuardPluginOptions>(
  async (app, { now }) => {
    const { config, redis } = app;
    const counter = redis
      ? new RedisFailureCounter(redis, config.redis?.keyPrefix ?? '')
      : new MemoryFailureCounter(now);
    app.decorate(
      'accessCodeGuard',
      new AccessCodeGuard(counter, { maxFailures: config.rateLimits.accessCodeFailuresPerMinute, windowMs: 60_000 }),
    );
  },
  { name: 'access-code-guard', dependencies: ['config', 'redis'] },
);
