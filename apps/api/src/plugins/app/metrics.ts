import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's Prometheus registry, and the address of the metrics listener once the app is
     * ready (null when METRICS_PORT is unset).
     */
    metrics: { registry: Registry; address(): AddressInfo | null };
  }
}

/** Request durations from sub-millisecond reads to the 30 s request timeout. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics on a listener of their own (METRICS_HOST:METRICS_PORT, 127.0.0.1 by
 * default), never on the API's port: whatever can reach the API cannot read its metrics, and a
 * reverse proxy in front needs no rule to hide them. Without METRICS_PORT nothing is measured,
 * so trials and benchmarks pay nothing per request.
 *
 * - `portal_api_http_request_duration_seconds{method,route,status_code}`: a histogram, so its
 *   `_count` is the request rate per route and its buckets the latency; `route` is the route's
 *   template (`/api/v1/support_tickets/:id/`), never the raw URL, so ids do not multiply series.
 * - `portal_api_process_*`, `portal_api_nodejs_*`: prom-client's defaults (CPU, memory, event
 *   loop lag, GC).
 * @see {@link https://github.com/siimon/prom-client}
 */
export const metricsPlugin = fp(
  (fastify, _opts, done) => {
    const registry = new Registry();
    let server: Server | null = null;
    fastify.decorate('metrics', {
      registry,
      address: () => (server?.address() as AddressInfo | null | undefined) ?? null,
    });
    const listen = fastify.config.metrics;
    if (listen === undefined) {
      done();
      return;
    }

    collectDefaultMetrics({ register: registry, prefix: 'portal_api_' });
    const duration = new Histogram({
      name: 'portal_api_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    fastify.addHook('onResponse', (request, reply, hookDone) => {
      duration.observe(
        {
          method: request.method,
          // Unknown addresses share one series instead of one per probed URL.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      hookDone();
    });

    fastify.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') {
          response.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            fastify.log.error({ err: error }, 'collecting metrics failed');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(listen.port, listen.host, () => resolve());
      });
      fastify.log.info({ address: server.address() }, 'metrics listening');
    });
    fastify.addHook('onClose', async () => {
      const listening = server;
      if (listening === null) return;
      const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
      // A scraper's keep-alive connection must not hold up the shutdown.
      listening.closeAllConnections();
      await closed;
    });
    done();
  },
  { name: 'metrics', dependencies: ['config'] },
);
