import type { FastifyPluginAsync } from 'fastify';

/** How long a readiness probe waits for each dependency. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: liveness, the process answers. `/readyz`: readiness, the upstream answers its
 * `GET /health` and Redis (when used) its PING; otherwise 503, so a load balancer stops sending
 * traffic to an instance that could only fail it. Neither is under `/api`: probes send no
 * CSRF header.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { redis, upstream } = app;

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, 'ok' | 'failed'> = {};
    const upstreamCheck = upstream
      .probe('/health', PROBE_TIMEOUT_MS)
      .then((ok) => (checks.upstream = ok ? 'ok' : 'failed'));
    const redisCheck = redis
      ? withTimeout(redis.ping(), PROBE_TIMEOUT_MS)
          .then((answer) => (checks.redis = answer === 'PONG' ? 'ok' : 'failed'))
          .catch(() => (checks.redis = 'failed'))
      : Promise.resolve();
    await Promise.all([upstreamCheck, redisCheck]);
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'unavailable', checks });
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
