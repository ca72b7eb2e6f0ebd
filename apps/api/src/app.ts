import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrlSecrets } from '@portal/fastify-common/redact-url';
import { refuseMalformedText } from '@portal/fastify-common/text-safety';
import { DEFAULT_TRUST_PROXY, type AppConfig } from './config/env.js';
import { attemptLimitsPlugin } from './plugins/app/attempt-limits.js';
import { authenticationPlugin } from './plugins/app/authentication.js';
import { configPlugin } from './plugins/app/config.js';
import { errorHandlerPlugin } from './plugins/app/error-handler.js';
import { jobsPlugin } from './plugins/app/jobs.js';
import { mailerPlugin } from './plugins/app/mailer.js';
import { metricsPlugin } from './plugins/app/metrics.js';
import { staffGuardPlugin } from './plugins/app/staff-guard.js';
import { staffQueueWatchPlugin } from './plugins/app/staff-queue-watch.js';
import { tenantGuardPlugin } from './plugins/app/tenant-guard.js';
import { tenantsPlugin } from './plugins/app/tenants.js';
import { tokensPlugin } from './plugins/app/tokens.js';
import { usersPlugin } from './plugins/app/users.js';
import { databasePlugin } from './plugins/external/database.js';
import { healthRoutes } from './routes/health/index.js';
import { v1Routes } from './routes/v1/index.js';

export type { AppConfig } from './config/env.js';

const require = createRequire(import.meta.url);

export interface AppOptions {
  config: AppConfig;
}

/**
 * The whole API as one plugin (fastify/demo's `app.ts`): plugins/external, then plugins/app,
 * then routes. Wrapped with fastify-plugin by {@link buildApp}, so its decorators and error
 * handlers belong to the root instance and routes a test adds afterwards use them too.
 */
export const app: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  await fastify.register(configPlugin, { config: opts.config });
  // Before everything else, so its response hook sees every route.
  await fastify.register(metricsPlugin);
  await fastify.register(errorHandlerPlugin);
  await fastify.register(databasePlugin);

  await fastify.register(mailerPlugin);
  await fastify.register(usersPlugin);
  await fastify.register(attemptLimitsPlugin);
  await fastify.register(tenantsPlugin);
  await fastify.register(tokensPlugin);
  await fastify.register(authenticationPlugin);
  await fastify.register(tenantGuardPlugin);
  await fastify.register(staffGuardPlugin);
  await fastify.register(staffQueueWatchPlugin);
  await fastify.register(jobsPlugin);

  configureBodyParsing(fastify);
  fastify.addHook('onSend', async (request, reply) => {
    // Every answer is personal or about credentials; no shared cache may keep one.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Lets the caller (the BFF) find this request in our logs.
    reply.header('x-request-id', request.id);
  });
  // A change may have enqueued mail in its transaction: send it now rather than at the next poll.
  fastify.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') fastify.jobs.wake();
  });

  await fastify.register(healthRoutes);
  await fastify.register(v1Routes, { prefix: '/api/v1' });
};

/**
 * JSON only, like a DRF API with `JSONParser` alone: other media types get 415. An empty JSON
 * body counts as `{}` (DRF treats an empty body as no data), so a bodiless POST gets the
 * field errors a client can act on instead of a parse error.
 */
function configureBodyParsing(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    // The default parser answers through `done`; what it returns carries nothing.
    void parseJson(request, text, done);
  });
  fastify.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body !== undefined) {
      request.body = {};
    }
  });
  // NUL bytes and lone surrogates: a Czech 400 before the schema, never a PostgreSQL error.
  fastify.addHook('preValidation', refuseMalformedText);
}

/** pino's serialised error. */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** Keys of database errors (drizzle's `params`, postgres' `parameters`) that hold personal data. */
const SQL_PARAMETER_KEYS = new Set(['params', 'parameters']);

/**
 * pino's error shape (type, message, stack and the error's own fields, `cause` serialised the
 * same way), minus SQL parameters at any depth.
 */
export function serializeErrorWithoutParameters(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const fields: Record<string, unknown> = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (SQL_PARAMETER_KEYS.has(key)) continue;
    fields[key] = value instanceof Error ? serializeErrorWithoutParameters(value, depth + 1) : value;
  }
  if (error.cause !== undefined) fields['cause'] = serializeErrorWithoutParameters(error.cause, depth + 1);
  return fields;
}

/** Fastify options the app relies on; `server.ts` adds network timeouts on top. */
export function appServerOptions(config: AppConfig): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      // Readable lines for a developer's terminal (`pnpm dev`), formatted off the main thread.
      // Resolved here: pino looks the target up from Fastify's folder, which has no pino-pretty.
      ...(config.logFormat === 'pretty'
        ? {
            transport: {
              target: require.resolve('pino-pretty'),
              options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
            },
          }
        : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // Database errors carry their SQL parameters (names, e-mails, hashes): never logged.
        err: (error: Error) => serializeErrorWithoutParameters(error) as SerializedError,
        req: (request: {
          method: string;
          url: string;
          host?: string;
          ip?: string;
          socket?: { remotePort?: number };
        }) => ({
          method: request.method,
          url: redactUrlSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    // Only the BFF may name the client (X-Forwarded-For): the failed-login delays are keyed by it.
    trustProxy: [...(config.trustProxy ?? DEFAULT_TRUST_PROXY)],
    // Correlates log lines with the BFF's request that caused them.
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    // Boot includes opening the store and migrating it; a first PGlite initdb alone takes
    // seconds, more on a busy machine, and avvio's 10 s default would abort it.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: {
        // Unknown properties are dropped, never stored (docs/architecture.md §5).
        removeAdditional: 'all',
        // Report every field at once, as DRF and allauth do. Every string and array in our
        // schemas has a maximum, which bounds the extra validation work.
        allErrors: true,
        // upstream.yaml writes nullable values as `type: [T, "null"]` (route schemas come
        // from it through http/contract-schema.ts).
        allowUnionTypes: true,
      },
    },
  };
}

/**
 * Builds the app without listening: what tests `inject` into and what `server.ts` starts.
 * Boot (database, migrations, seed) happens on `ready()`/`listen()`; routes may still be
 * added until then.
 */
export async function buildApp(config: AppConfig, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const fastify = Fastify({ ...appServerOptions(config), ...serverOptions });
  await fastify.register(fp(app, { name: 'app' }), { config });
  return fastify;
}
