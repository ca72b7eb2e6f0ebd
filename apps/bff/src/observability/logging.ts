import { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { redactUrlSecrets } from '@portal/fastify-common/redact-url';
import type { BffConfig } from '../config/env.js';

/** Paths whose logging would expose a secret. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-bot-token"]',
  'req.headers["x-access-code"]',
  'res.headers["set-cookie"]',
  'req.body.password',
];

/** Where log lines go instead of stdout (tests capture them to look for secrets). */
export interface LogStream {
  write(line: string): void;
}

/**
 * One log line per request instead of Fastify's two ("incoming request" and "request
 * completed", each serialising the request): the completion line carries the request id, the
 * redacted request, the status and the time, at about half the cost.
 */
export class OneLinePerRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The pino options of the BFF: JSON lines with secrets redacted, or with `LOG_FORMAT=pretty`
 * the same records made readable for a developer's terminal by pino-pretty. Pretty printing
 * runs in-process (a stream, not a worker transport): it is meant for one developer's
 * requests, not for production traffic. The lines go to `logStream` when given, else stdout.
 * @see {@link https://github.com/pinojs/pino-pretty}
 */
export function loggerOptions(config: BffConfig, logStream?: LogStream): FastifyServerOptions['logger'] {
  const stream = config.logFormat === 'pretty' ? prettyStream(logStream) : logStream;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrlSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

function prettyStream(logStream: LogStream | undefined) {
  const destination = logStream
    ? new Writable({
        write(chunk: Buffer, _encoding, done) {
          logStream.write(chunk.toString('utf8'));
          done();
        },
      })
    : 1;
  return pinoPretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true, destination });
}
