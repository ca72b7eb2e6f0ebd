import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { DrfErrorBody } from '../../http/error-schemas.js';

/**
 * `GET /health` for load balancers and the start script: 200 when the database answers.
 * Not part of upstream.yaml (it is an operational endpoint, not an operation of the contract).
 */
export const healthRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', enum: ['ok'] } },
          },
          '5xx': DrfErrorBody,
        },
      },
      logLevel: 'warn',
    },
    async () => {
      await fastify.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
};
