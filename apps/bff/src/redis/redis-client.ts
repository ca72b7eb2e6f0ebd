import { Redis } from 'ioredis';

/**
 * One Redis connection per BFF instance, shared by the session store, the renewal lock and
 * cache, the rate limiter and the ALTCHA replay store. Commands fail fast instead of queueing
 * while Redis is away, so a request answers 503 rather than hanging (isRedisUnavailable,
 * app.ts); the client keeps reconnecting in the background. Auto-pipelining sends the commands issued in one event-loop
 * turn (the session reads of concurrent requests) in one write: fewer syscalls per request.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    commandTimeout: 5_000,
    enableAutoPipelining: true,
  });
}

/**
 * Whether an error means Redis could not be reached, rather than a bug: ioredis rejects a
 * command with MaxRetriesPerRequestError once its retry on a new connection failed, with
 * "Connection is closed." when the connection ended under it, and with "Command timed out" after
 * `commandTimeout`. ioredis exports none of these types from its entry point, hence the names.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message === 'Command timed out'
  );
}
