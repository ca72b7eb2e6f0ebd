import fp from 'fastify-plugin';
import { RedisSessionStore } from '../../sessions/redis-session-store.js';
import { SessionReadCache } from '../../sessions/session-read-cache.js';
import { MemorySessionStore, type SessionStore } from '../../sessions/session-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the sessions live: Redis when `REDIS_URL` is set, else this process's memory. */
    sessionStore: SessionStore;
  }
}

export interface SessionStorePluginOptions {
  /** The clock (epoch ms) the stores expire sessions by; tests move it. */
  now: () => number;
  /** A store of the test's own instead of the configured one. */
  store?: SessionStore;
}

/**
 * The session store, closed when the app closes (before the Redis connection it uses).
 * @see {@link https://fastify.dev/docs/latest/Reference/Decorators/}
 */
export const sessionStorePlugin = fp<SessionStorePluginOptions>(
  async (app, { now, store: given }) => {
    const { config, redis } = app;
    const keyPrefix = config.redis?.keyPrefix ?? '';
    const idleTimeoutMs = config.sessionIdleTimeoutSeconds * 1000;
    // With Redis, each instance keeps tracked copies of the sessions it read (docs/decisions/002-bff-sessions-and-upstream-transport.md); the
    // Redis store closes its cache when it closes.
    const readCache = redis && !given ? new SessionReadCache(redis, keyPrefix) : null;
    await readCache?.start();
    const store =
      given ??
      (redis
        ? new RedisSessionStore(redis, keyPrefix, idleTimeoutMs, now, readCache)
        : new MemorySessionStore(idleTimeoutMs, now));
    app.decorate('sessionStore', store);
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'session-store', dependencies: ['config', 'redis'] },
);
