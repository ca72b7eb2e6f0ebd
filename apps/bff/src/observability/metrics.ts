import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** From sub-millisecond session checks to the upstream deadline. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** How an upstream attempt ended; everything but `ok` is an upstream error. */
export type UpstreamOutcome = 'ok' | 'error_status' | 'timeout' | 'network_error';
export type RenewalOutcome = 'renewed' | 'refused' | 'failed';

/**
 * The BFF's Prometheus metrics (prom-client), created only when METRICS_PORT is set, so a BFF
 * without it pays nothing per request.
 *
 * - `portal_bff_http_request_duration_seconds{method,route,status_code}`: request rate
 *   (`_count`) and latency per route template.
 * - `portal_bff_upstream_request_duration_seconds{outcome}`: every attempt at the upstream,
 *   retries included; `outcome!="ok"` are the upstream errors (5xx, timeouts, refused
 *   connections).
 * - `portal_bff_token_renewals_total{outcome}`: refreshes this instance asked the upstream for.
 * - `portal_bff_rate_limited_total{route}`: requests refused with 429 by the BFF's limits.
 * - `portal_bff_sessions`: live sessions in the store at scrape time. With Redis every
 *   instance reports the same shared count: aggregate with max(), not sum().
 * - `portal_bff_process_*`, `portal_bff_nodejs_*`: prom-client's process defaults.
 * @see {@link https://github.com/siimon/prom-client}
 */
export class BffMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly upstreamDuration: Histogram<'outcome'>;
  private readonly renewals: Counter<'outcome'>;
  private readonly rateLimited: Counter<'route'>;

  constructor(countSessions: () => Promise<number>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_bff_' });
    this.httpDuration = new Histogram({
      name: 'portal_bff_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.upstreamDuration = new Histogram({
      name: 'portal_bff_upstream_request_duration_seconds',
      help: 'Time of each attempt at the upstream API, by outcome (ok, error_status, timeout, network_error).',
      labelNames: ['outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.renewals = new Counter({
      name: 'portal_bff_token_renewals_total',
      help: 'Access-token renewals this instance asked the upstream for, by outcome.',
      labelNames: ['outcome'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'portal_bff_rate_limited_total',
      help: "Requests refused by the BFF's rate limits (429), by route template.",
      labelNames: ['route'],
      registers,
    });
    new Gauge({
      name: 'portal_bff_sessions',
      help: 'Live sessions in the session store (shared by all instances when it is Redis).',
      registers,
      async collect() {
        this.set(await countSessions());
      },
    });
  }

  /** Times every request; a callback hook, as the BFF's other per-request hooks are. */
  register(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observe(
        // Unknown addresses share one series instead of one per probed URL.
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  upstreamAttempt(outcome: UpstreamOutcome, seconds: number): void {
    this.upstreamDuration.observe({ outcome }, seconds);
  }

  renewal(outcome: RenewalOutcome): void {
    this.renewals.inc({ outcome });
  }

  rateLimitHit(route: string | undefined): void {
    this.rateLimited.inc({ route: route ?? 'unmatched' });
  }

  /**
   * Serves `GET /metrics` on its own listener, so the public port (and the reverse proxy in
   * front of it) never exposes them.
   */
  async listen(host: string, port: number, log: FastifyBaseLogger): Promise<Server> {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (error: unknown) => {
          log.error({ err: error }, 'collecting metrics failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    log.info({ address: server.address() as AddressInfo }, 'metrics listening');
    return server;
  }
}
