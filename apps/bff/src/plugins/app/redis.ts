import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { BffConfig } from '../../config/env.js';
import { createRedis } from '../../redis/redis-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The instance's one Redis connection when `REDIS_URL` is set, shared by the session store,
     * the renewal lock, the rate limiter, the access-code guard and the ALTCHA replay store;
     * null when everything lives in memory.
     */
    redis: Redis | null;
  }
}

/**
 * Connects to Redis at start-up (failing to connect stops it) and closes the connection when
 * the app closes. Registered before everything that uses the connection: `onClose` hooks run
 * in the reverse order of registration, so the connection closes last.
 * @see {@link https://github.com/redis/ioredis}
 */
export const redisPlugin = fp(
  async (app) => {
    const redis = await connectRedis(app.config, app.log);
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);

async function connectRedis(config: BffConfig, log: FastifyBaseLogger): Promise<Redis | null> {
  if (!config.redis) return null;
  const redis = createRedis(config.redis.url);
  // Without a listener ioredis prints connection errors as plain text on stderr, outside the
  // JSON log lines; while Redis is away it retries, and each failed try is worth a line.
  redis.on('error', (error: Error) => log.warn({ err: error, event: 'redis_error' }, 'Redis connection error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}
