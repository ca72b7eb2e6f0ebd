import type { FastifyPluginAsync } from 'fastify';

/** Liveness for process supervisors and load balancers; it checks nothing beyond the process. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
};
