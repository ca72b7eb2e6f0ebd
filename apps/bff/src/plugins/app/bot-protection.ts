import fp from 'fastify-plugin';
import { BotProtection } from '../../bot-protection/bot-protection.js';
import { MemoryReplayStore, RedisReplayStore } from '../../bot-protection/replay-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured bot protection of the public forms (Turnstile, ALTCHA or off). */
    botProtection: BotProtection;
  }
}

/**
 * Bot protection with its replay store: shared through Redis when there is one, so an ALTCHA
 * solution is accepted once across all instances.
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const botProtectionPlugin = fp(
  async (app) => {
    const { config, redis } = app;
    const replayStore = redis ? new RedisReplayStore(redis, config.redis?.keyPrefix ?? '') : new MemoryReplayStore();
    app.decorate('botProtection', new BotProtection(config.botProtection, replayStore));
  },
  { name: 'bot-protection', dependencies: ['config', 'redis'] },
);
