import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { currentUser } from '../../../plugins/app/authentication.js';

/**
 * `GET /api/v1/tenant_access/` (ADR 001): a bare array, not paginated; a user has few tenants.
 */
export const tenantAccessRoutes: ContractRoutes = async (fastify) => {
  fastify.get(
    '/tenant_access/',
    { schema: contractSchema('listTenantAccess'), onRequest: [fastify.authenticate] },
    async (request, reply) => {
      const tenants = await fastify.tenants.listForUser(currentUser(request).id);
      // The list convention of upstream.yaml, even though this list is never paginated.
      return reply.header('x-total-count', String(tenants.length)).send(tenants);
    },
  );
};
