import { getHeapStatistics } from 'node:v8';
import fastifyUnderPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { BffError, errorMessages } from '../../http/errors.js';

/**
 * Overload protection: above the configured event-loop delay (or utilisation, or 90 % of the
 * heap limit) requests are refused with a Czech 503 and `Retry-After`, so a load balancer
 * sends them elsewhere instead of every request getting slower.
 * @see {@link https://github.com/fastify/under-pressure}
 */
export const underPressurePlugin = fp(
  async (app) => {
    const { overload } = app.config;
    await app.register(fastifyUnderPressure, {
      // The plugin's thresholds are all off by default; these are its README's example values.
      maxEventLoopDelay: overload.maxEventLoopDelayMs,
      maxEventLoopUtilization: overload.maxEventLoopUtilization,
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
  },
  { name: 'under-pressure', dependencies: ['config'] },
);
