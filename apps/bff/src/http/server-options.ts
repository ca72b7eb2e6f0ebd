import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyReply, FastifyServerOptions } from 'fastify';
import type { BffConfig } from '../config/env.js';
import { BffError, errorMessages } from './errors.js';
import { securityHeaders } from './security-headers.js';
import { loggerOptions, OneLinePerRequestLog, type LogStream } from '../observability/logging.js';

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

/** The strict header set of an API answer: a refused address gets no page to render. */
const BAD_URL_HEADERS = securityHeaders({ turnstile: false, sentryOrigin: null }).api;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

export interface ServerOptionsInput {
  logger?: FastifyServerOptions['logger'];
  logStream?: LogStream;
  serverTimeouts?: Partial<ServerTimeouts>;
}

/** The options Fastify is constructed with: what cannot be set by a plugin afterwards. */
export function serverOptions(config: BffConfig, input: ServerOptionsInput): FastifyHttpOptions<Server> {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...input.serverTimeouts };
  return {
    logger: input.logger ?? loggerOptions(config, input.logStream),
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
    // `Connection: close`, plugins/app/closing.ts) instead. New connections are refused as soon
    // as close starts.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // An address Fastify cannot decode (`/%`) is answered like any other bad request: a Czech
    // body with the security headers, not Fastify's English FST_ERR_BAD_URL.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'undecodable address refused');
      void (reply as FastifyReply)
        .headers(BAD_URL_HEADERS)
        .code(400)
        .send(new BffError(400, 'bad_url', errorMessages.badUrl).toBody());
    },
    // No defaults: the upstream applies its own, and forwarding ours would hide them.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: false, allErrors: false } },
  };
}
