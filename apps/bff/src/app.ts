import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { BffConfig } from './config/env.js';
import { assertSameOriginApiRequest } from './http/csrf.js';
import { BffError, errorMessages } from './http/errors.js';
import { validationFields } from './http/validation-messages.js';
import { portalContextPlugin } from './plugins/app/portal-context.js';
import { healthRoutes } from './routes/health/index.js';
import { passwordResetRoutes } from './routes/password-reset/index.js';
import { runtimeConfigRoutes } from './routes/runtime-config/index.js';
import { sessionRoutes } from './routes/session/index.js';
import { readBuildId, readIndexHtml, spaRoutes } from './routes/spa/index.js';
import { upstreamProxyRoutes } from './routes/upstream-proxy/index.js';
import { SessionManager } from './sessions/session-manager.js';
import { MemorySessionStore, type SessionStore } from './sessions/session-store.js';
import { TokenRenewal } from './sessions/token-renewal.js';
import { UpstreamAuth } from './upstream/upstream-auth.js';
import { UpstreamClient } from './upstream/upstream-client.js';

export interface BuildAppOptions {
  config: BffConfig;
  /** Injected clock (epoch ms) so tests can move time. */
  now?: () => number;
  store?: SessionStore;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Paths whose logging would expose a secret. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? Date.now;

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
    // A request id from the caller (a load balancer) is kept when it looks sane, so one id joins
    // the proxy's, the BFF's and the upstream's log lines.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 72_000,
    routerOptions: { maxParamLength: 200 },
    // No defaults: the upstream applies its own, and forwarding ours would hide them.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: false, allErrors: false } },
  });

  const store = options.store ?? new MemorySessionStore(config.sessionIdleTimeoutSeconds * 1000, now);
  const upstream = new UpstreamClient({ baseUrl: config.upstreamUrl, timeoutMs: config.upstreamTimeoutMs });
  const upstreamAuth = new UpstreamAuth(upstream);
  const renewal = new TokenRenewal(store, upstreamAuth, now);
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

  const indexHtml = readIndexHtml(config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && indexHtml !== null) {
      return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send(new BffError(404, 'not_found', errorMessages.notFound).toBody());
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra UI (Emotion) inserts its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  await app.register(portalContextPlugin, { config, sessions, upstream, upstreamAuth });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    // API answers are personal; no cache may keep them.
    reply.header('cache-control', 'no-store');
    assertSameOriginApiRequest(request, config.publicOrigin);
  });

  await app.register(healthRoutes);
  await app.register(runtimeConfigRoutes, { buildId: config.buildId ?? readBuildId(config.webDistDir) ?? 'development' });
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
  await app.register(upstreamProxyRoutes);
  if (indexHtml !== null) await app.register(spaRoutes, { webDistDir: config.webDistDir });

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
  const status = error.statusCode ?? 500;
  if (status === 429) return new BffError(429, 'too_many_requests', errorMessages.tooManyRequests);
  if (status >= 400 && status < 500) return new BffError(status, 'bad_request', errorMessages.validation);
  return new BffError(500, 'internal_error', errorMessages.internal);
}
