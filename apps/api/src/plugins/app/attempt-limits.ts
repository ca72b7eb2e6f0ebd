import fp from 'fastify-plugin';
import { AttemptLimits } from '../../domain/attempt-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    attemptLimits: AttemptLimits;
  }
}

const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export const attemptLimitsPlugin = fp(
  (fastify, _opts, done) => {
    const limits = new AttemptLimits(fastify.db);
    fastify.decorate('attemptLimits', limits);
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', () => {
      timer = setInterval(() => {
        limits.prune().catch((error: unknown) => fastify.log.warn({ err: error }, 'pruning attempt events failed'));
      }, PRUNE_INTERVAL_MS).unref();
    });
    fastify.addHook('preClose', () => clearInterval(timer));
    done();
  },
  { name: 'attempt-limits', dependencies: ['database'] },
);
