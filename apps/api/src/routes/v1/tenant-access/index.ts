import type { FastifyPluginAsync } from 'fastify';
import { listTenantAccessSchema } from './schemas.js';

/**
 * `GET /api/v1/tenant_access/` (ADR 001): a bare array, not paginated; a user has few tenants.
 */
export const tenantAccessRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/tenant_access/',
    { schema: listTenantAccessSchema, onRequest: [fastify.authenticate] },
    async (request, reply) => {
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      const tenants = await fastify.tenants.listForUser(user.id);
      // The list convention of upstream.yaml, even though this list is never paginated.
      return reply.header('x-total-count', String(tenants.length)).send(tenants);
    },
  );
};
