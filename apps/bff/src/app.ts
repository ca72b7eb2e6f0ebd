import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { refuseMalformedText } from '@portal/fastify-common/text-safety';
import type { BffConfig } from './config/env.js';
import { serverOptions, type ServerTimeouts } from './http/server-options.js';
import type { LogStream } from './observability/logging.js';
import { accessCodeGuardPlugin } from './plugins/app/access-code-guard.js';
import { uploadQuotaPlugin } from './plugins/app/upload-quota.js';
import { botProtectionPlugin } from './plugins/app/bot-protection.js';
import { closingPlugin } from './plugins/app/closing.js';
import { configPlugin } from './plugins/app/config.js';
import { errorHandlerPlugin } from './plugins/app/error-handler.js';
import { metricsPlugin } from './plugins/app/metrics.js';
import { notFoundPlugin } from './plugins/app/not-found.js';
import { redisPlugin } from './plugins/app/redis.js';
import { securityHeadersPlugin } from './plugins/app/security-headers.js';
import { sessionStorePlugin } from './plugins/app/session-store.js';
import { sessionsPlugin } from './plugins/app/sessions.js';
import { upstreamPlugin } from './plugins/app/upstream.js';
import { webAppPlugin } from './plugins/app/web-app.js';
import { cookiePlugin } from './plugins/external/cookie.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { underPressurePlugin } from './plugins/external/under-pressure.js';
import { apiDocsRoutes } from './routes/api-docs/index.js';
import { botProtectionRoutes } from './routes/bot-protection/index.js';
import { calendarFeedRoutes } from './routes/calendar-feed/index.js';
import { oneClickUnsubscribeRoutes } from './routes/one-click-unsubscribe/index.js';
import { healthRoutes } from './routes/health/index.js';
import { passwordResetRoutes } from './routes/password-reset/index.js';
import { runtimeConfigRoutes } from './routes/runtime-config/index.js';
import { secondFactorRoutes } from './routes/second-factor/index.js';
import { sessionRoutes } from './routes/session/index.js';
import { spaRoutes } from './routes/spa/index.js';
import { upstreamProxyRoutes } from './routes/upstream-proxy/index.js';
import type { SessionStore } from './sessions/session-store.js';

export interface BuildAppOptions {
  config: BffConfig;
  /** Injected clock (epoch ms) so tests can move time. */
  now?: () => number;
  store?: SessionStore;
  logger?: FastifyServerOptions['logger'];
  /** Where the JSON log lines go (stdout when unset); tests capture them to look for secrets. */
  logStream?: LogStream;
  /** Called for every route as it is registered (the CSRF meta-test walks them). */
  onRoute?: (route: RouteOptions) => void;
  /** Socket timeouts; production uses the defaults, the slow-loris test shorter ones. */
  serverTimeouts?: Partial<ServerTimeouts>;
}

/**
 * The whole BFF: our decorators and the third-party plugins configured from them
 * (src/plugins/README.md), then the routes (src/routes/README.md). The order is the order of
 * their hooks: the error handler before everything that could fail, the Redis connection before
 * its users (and so closed after them), cookies parsed before the overload check and the
 * security headers with the CSRF check, which run before any route.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const app = Fastify(serverOptions(options.config, options));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(configPlugin, { config: options.config });
  await app.register(errorHandlerPlugin);
  // NUL bytes and lone surrogates: a Czech 400 before the schema, never sent upstream.
  app.addHook('preValidation', refuseMalformedText);
  await app.register(redisPlugin);
  await app.register(sessionStorePlugin, { now, ...(options.store ? { store: options.store } : {}) });
  await app.register(metricsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(upstreamPlugin);
  await app.register(sessionsPlugin, { now });
  await app.register(botProtectionPlugin);
  await app.register(accessCodeGuardPlugin, { now });
  await app.register(uploadQuotaPlugin, { now });
  await app.register(webAppPlugin);
  await app.register(notFoundPlugin);
  await app.register(cookiePlugin);
  await app.register(underPressurePlugin);
  await app.register(closingPlugin);
  await app.register(securityHeadersPlugin);

  await app.register(healthRoutes);
  await app.register(apiDocsRoutes);
  await app.register(runtimeConfigRoutes);
  await app.register(sessionRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passwordResetRoutes);
  await app.register(botProtectionRoutes);
  await app.register(upstreamProxyRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(oneClickUnsubscribeRoutes);
  await app.register(spaRoutes);
  return app;
}
