import type { FastifyPluginAsync } from 'fastify';
import { listTenantAccessSchema } from './schemas.js';

/**
 * `GET /api/v1/tenant_access/` (ADR 001): a bare array, not paginated; a user has few tenants.
 */
export const tenantAccessRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/tenant_access/',
    { schema: listTenantAccessSchema, onRequest: [fastify.authenticate] },
    async (request) => {
      const user = request.user;
      if (user === null) throw new Error('authenticate did not set request.user');
      return fastify.tenants.listForUser(user.id);
    },
  );
};
