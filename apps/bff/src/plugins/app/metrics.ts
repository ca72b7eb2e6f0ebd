import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { BffMetrics } from '../../observability/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics when `METRICS_PORT` is set; null (and no hook at all) otherwise. */
    metrics: BffMetrics | null;
    /** Where the metrics listener (METRICS_PORT) answers once the app is ready; null when off. */
    metricsAddress(): AddressInfo | null;
  }
}

/**
 * The metrics, their per-request hook and their own listener, never the public port: it
 * starts when the app is ready and closes with it.
 * @see {@link https://github.com/siimon/prom-client}
 */
export const metricsPlugin = fp(
  async (app) => {
    const { config, sessionStore } = app;
    const metrics = config.metrics ? new BffMetrics(() => sessionStore.count()) : null;
    let metricsServer: Server | null = null;
    app.decorate('metrics', metrics);
    app.decorate('metricsAddress', () => (metricsServer?.address() as AddressInfo | null | undefined) ?? null);
    if (!metrics || !config.metrics) return;

    const { host, port } = config.metrics;
    metrics.register(app);
    app.addHook('onReady', async () => {
      metricsServer = await metrics.listen(host, port, app.log);
    });
    app.addHook('onClose', async () => {
      const server = metricsServer;
      if (!server) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper's keep-alive connection must not hold up the shutdown.
      server.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics', dependencies: ['config', 'session-store'] },
);
