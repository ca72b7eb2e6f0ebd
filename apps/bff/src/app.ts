import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { BotProtection } from './bot-protection/bot-protection.js';
import { MemoryReplayStore, RedisReplayStore } from './bot-protection/replay-store.js';
import type { BffConfig } from './config/env.js';
import { AccessCodeGuard, MemoryFailureCounter, RedisFailureCounter } from './http/access-code-guard.js';
import { assertSameOriginApiRequest } from './http/csrf.js';
import { BffError, errorMessages } from './http/errors.js';
import { securityHeaders, sentryOrigin } from './http/security-headers.js';
import { validationFields } from './http/validation-messages.js';
import { portalContextPlugin } from './plugins/app/portal-context.js';
import { BffMetrics } from './observability/metrics.js';
import { createRedis, isRedisUnavailable } from './redis/redis-client.js';
import { apiDocsRoutes } from './routes/api-docs/index.js';
import { botProtectionRoutes } from './routes/bot-protection/index.js';
import { calendarFeedRoutes } from './routes/calendar-feed/index.js';
import { healthRoutes } from './routes/health/index.js';
import { passwordResetRoutes } from './routes/password-reset/index.js';
import { runtimeConfigRoutes } from './routes/runtime-config/index.js';
import { sessionRoutes } from './routes/session/index.js';
import { readBuildId, sendDocument, spaRoutes } from './routes/spa/index.js';
import { SpaDocuments, type DocumentVisitor } from './routes/spa/pages.js';
import { upstreamProxyRoutes } from './routes/upstream-proxy/index.js';
import { SessionManager } from './sessions/session-manager.js';
import { RedisSessionStore } from './sessions/redis-session-store.js';
import { SessionReadCache } from './sessions/session-read-cache.js';
import { MemoryRenewalCoordination, RedisRenewalCoordination } from './sessions/renewal-coordination.js';
import { MemorySessionStore, type SessionStore } from './sessions/session-store.js';
import { TokenRenewal } from './sessions/token-renewal.js';
import { UpstreamAuth } from './upstream/upstream-auth.js';
import { UpstreamClient } from './upstream/upstream-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener (METRICS_PORT) answers once the app is ready; null when off. */
    metricsAddress(): AddressInfo | null;
  }
}

export interface BuildAppOptions {
  config: BffConfig;
  /** Injected clock (epoch ms) so tests can move time. */
  now?: () => number;
  store?: SessionStore;
  logger?: FastifyServerOptions['logger'];
  /** Where the JSON log lines go (stdout when unset); tests capture them to look for secrets. */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the CSRF meta-test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Socket timeouts; production uses the defaults, the slow-loris test shorter ones. */
  serverTimeouts?: Partial<ServerTimeouts>;
}

export interface ServerTimeouts {
  /** Whole request (headers and body) must arrive within this; closes slow-loris clients. */
  requestTimeoutMs: number;
  /** Idle socket limit. */
  connectionTimeoutMs: number;
  /** How often Node looks for requests past `requestTimeoutMs` (its default is 30 s). */
  checkIntervalMs: number;
}

const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestTimeoutMs: 60_000,
  connectionTimeoutMs: 30_000,
  checkIntervalMs: 5_000,
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Paths whose logging would expose a secret. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-bot-token"]',
  'res.headers["set-cookie"]',
  'req.body.password',
];

/**
 * One log line per request instead of Fastify's two ("incoming request" and "request
 * completed", each serialising the request): the completion line carries the request id, the
 * redacted request, the status and the time, at about half the cost.
 */
class OneLinePerRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Secrets that travel in a URL stay out of the logs: the public reservation's cancel token (in
 * the path) and a public support request's access code (`?code=`, on the API call and on the
 * page address from the confirmation e-mail).
 */
export function redactUrl(url: string): string {
  return url.replace(/\/cancel\/[^/?]+/g, '/cancel/[redacted]').replace(/([?&]code=)[^&#]*/g, '$1[redacted]');
}

/** A new (or shared) Redis connection when REDIS_URL is set; failing to connect stops start-up. */
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

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...options.serverTimeouts };

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLinePerRequestLog(),
    // Only the configured proxies may name the client (X-Forwarded-For); `true` would let any
    // client pick its own address and escape the rate limits.
    trustProxy: config.trustProxy ?? false,
    // A request id from the caller (a load balancer) is kept when it looks sane, so one id joins
    // the proxy's, the BFF's and the upstream's log lines.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Non-zero (Fastify's default is none): a client that sends headers slowly or stops, or
    // declares a longer body than it sends, is cut off instead of holding a socket forever.
    connectionTimeout: timeouts.connectionTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    http: { connectionsCheckingInterval: timeouts.checkIntervalMs },
    keepAliveTimeout: 72_000,
    // While closing, a request can still arrive on a connection nginx keeps open. Fastify would
    // refuse it with a bare English 503, which nginx cannot send elsewhere for a POST; the
    // instance still works until its last connection is gone, so it serves the request (with
    // `Connection: close`, below) instead. New connections are refused as soon as close starts.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // No defaults: the upstream applies its own, and forwarding ours would hide them.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: false, allErrors: false } },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const redis = await connectRedis(config, app.log);
  const keyPrefix = config.redis?.keyPrefix ?? '';
  const idleTimeoutMs = config.sessionIdleTimeoutSeconds * 1000;
  // With Redis, each instance keeps tracked copies of the sessions it read (ADR 002).
  const sessionReadCache = redis && !options.store ? new SessionReadCache(redis, keyPrefix) : null;
  await sessionReadCache?.start();
  const store =
    options.store ??
    (redis
      ? new RedisSessionStore(redis, keyPrefix, idleTimeoutMs, now, sessionReadCache)
      : new MemorySessionStore(idleTimeoutMs, now));
  const metrics = config.metrics ? new BffMetrics(() => store.count()) : null;
  const upstream = new UpstreamClient({
    baseUrl: config.upstreamUrl,
    timeoutMs: config.upstreamTimeoutMs,
    deadlineMs: config.upstreamDeadlineMs,
    retryBudget: config.upstreamRetryBudget,
    ...(metrics ? { onAttempt: (outcome, seconds) => metrics.upstreamAttempt(outcome, seconds) } : {}),
  });
  const upstreamAuth = new UpstreamAuth(upstream);
  // The lease outlasts the whole refresh call, so no second instance refreshes meanwhile.
  const leaseMs = config.upstreamDeadlineMs + 5_000;
  const renewal = new TokenRenewal(store, upstreamAuth, {
    now,
    coordination: redis ? new RedisRenewalCoordination(redis, keyPrefix, leaseMs) : new MemoryRenewalCoordination(now),
    waitLimitMs: leaseMs,
    ...(metrics ? { onRenewal: (outcome) => metrics.renewal(outcome) } : {}),
  });
  const botProtection = new BotProtection(
    config.botProtection,
    redis ? new RedisReplayStore(redis, keyPrefix) : new MemoryReplayStore(),
  );
  const sessions = new SessionManager(store, renewal, {
    secureCookies: config.cookieSecure,
    idleTimeoutSeconds: config.sessionIdleTimeoutSeconds,
    now,
  });

  // Handlers first: a child plugin keeps the handlers it saw when it was registered.
  app.setErrorHandler((error: FastifyError | BffError, request, reply) => {
    const mapped = toBffError(error);
    if (mapped.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    for (const [name, value] of Object.entries(mapped.headers)) reply.header(name, value);
    return reply.code(mapped.statusCode).send(mapped.toBody());
  });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
    // Redis down must not switch the limits off.
    skipOnError: false,
    errorResponseBuilder: (request) => {
      metrics?.rateLimitHit(request.routeOptions.url);
      return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
    },
  });

  const documents = SpaDocuments.load(config.webDistDir, {
    config,
    onSkipped: (path) => app.log.info({ path }, 'prerendered page not served: it assumes other feature flags'),
  });
  const notFoundRateLimit = app.rateLimit({ max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 });
  // Unknown addresses are rate-limited so they cannot be probed cheaply.
  /**
   * Who asks for a page: the session is read (never extended) only where a page was prerendered
   * for a logged-in user, and a store out of reach means the shell, which is always right.
   */
  const documentVisitor = async (request: FastifyRequest, spa: SpaDocuments): Promise<DocumentVisitor> => {
    if (request.cookies[sessions.cookies.session] === undefined) return 'anonymous';
    if (!spa.hasTenantPage(request.url)) return 'other';
    try {
      const session = await sessions.read(request);
      return session?.record.selectedTenantId ? 'tenant' : 'other';
    } catch (error) {
      request.log.warn({ err: error }, 'session not read for a page; sending the shell');
      return 'other';
    }
  };
  app.setNotFoundHandler({ preHandler: notFoundRateLimit }, async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && documents !== null) {
      const visitor = await documentVisitor(request, documents);
      return sendDocument(reply, documents.documentFor(request.url, visitor), request.headers['accept-encoding']);
    }
    return reply.code(404).send(new BffError(404, 'not_found', errorMessages.notFound).toBody());
  });

  await app.register(fastifyCookie);
  await app.register(fastifyUnderPressure, {
    // The plugin's thresholds are all off by default; these are its README's example values.
    maxEventLoopDelay: config.overload.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.overload.maxEventLoopUtilization,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    retryAfter: 10,
    pressureHandler: (_request, reply, type, value) => {
      reply.log.warn({ event: 'overloaded', type, value }, 'refusing a request under pressure');
      void reply
        .code(503)
        .header('retry-after', '10')
        .send(new BffError(503, 'overloaded', errorMessages.overloaded).toBody());
    },
  });
  await app.register(portalContextPlugin, { config, sessions, upstream, upstreamAuth, botProtection });
  // While closing, answers tell keep-alive clients to reconnect (to another instance), so the
  // server does not wait out their idle connections before it can exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback-style hooks here and below: they run on every request, and an async hook costs a
  // promise and a microtask turn each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  let metricsServer: Server | null = null;
  app.decorate('metricsAddress', () => (metricsServer?.address() as AddressInfo | null | undefined) ?? null);
  if (metrics && config.metrics) {
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
  }
  app.addHook('onClose', async () => {
    // Last: the store, the limiter and the replay store may still be in use until here.
    await sessionReadCache?.close();
    await redis?.quit().catch(() => redis.disconnect());
  });

  const headers = securityHeaders({
    turnstile: config.botProtection.provider === 'turnstile',
    sentryOrigin: sentryOrigin(config.sentry.dsn),
    // The prerendered pages' inline loader, allowed by its hash and nothing else inline.
    scriptHashes: documents?.scriptHashes ?? [],
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) {
      reply.headers(headers.page);
      done();
      return;
    }
    // API answers are personal (no cache may keep them) and get the headers a JSON answer needs.
    reply.headers(headers.api);
    try {
      assertSameOriginApiRequest(request, config.publicOrigin);
    } catch (error) {
      done(error as BffError);
      return;
    }
    done();
  });

  await app.register(healthRoutes, { redis });
  await app.register(apiDocsRoutes);
  await app.register(runtimeConfigRoutes, {
    buildId: config.buildId ?? readBuildId(config.webDistDir) ?? 'development',
  });
  await app.register(sessionRoutes, { loginPerMinute: config.rateLimits.loginPerMinute });
  await app.register(passwordResetRoutes, { perMinute: config.rateLimits.passwordResetPerMinute });
  await app.register(botProtectionRoutes, { perMinute: config.rateLimits.publicFormsPerMinute });
  const accessCodeGuard = new AccessCodeGuard(
    redis ? new RedisFailureCounter(redis, keyPrefix) : new MemoryFailureCounter(now),
    { maxFailures: config.rateLimits.accessCodeFailuresPerMinute, windowMs: 60_000 },
  );
  await app.register(upstreamProxyRoutes, {
    publicFormsPerMinute: config.rateLimits.publicFormsPerMinute,
    accessCodeGuard,
  });
  await app.register(calendarFeedRoutes);
  if (documents !== null) await app.register(spaRoutes, { webDistDir: config.webDistDir });

  return app;
}

function toBffError(error: FastifyError | BffError): BffError {
  if (error instanceof BffError) return error;
  if (error.validation) {
    return new BffError(400, 'validation_error', errorMessages.validation, validationFields(error.validation));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BffError(400, 'invalid_json', errorMessages.invalidJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new BffError(413, 'payload_too_large', errorMessages.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new BffError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
    default:
      break;
  }
  // Redis away (restarting): the session store cannot answer, and trying again shortly will do.
  if (isRedisUnavailable(error)) {
    return new BffError(503, 'session_store_unavailable', errorMessages.upstreamUnavailable, undefined, {
      'retry-after': '1',
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
  if (status >= 400 && status < 500) return new BffError(status, 'bad_request', errorMessages.validation);
  return new BffError(500, 'internal_error', errorMessages.internal);
}
