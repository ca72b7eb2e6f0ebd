import { listScopeBuildings, listScopeTenants, listStaffMembers } from '../../../domain/staff.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';

/** The staff directory (for assignment), the caller's buildings and the tenants, for filters and forms. */
export const staffDirectoryRoutes: ContractRoutes = async (fastify) => {
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get(
    '/staff/directory/',
    { schema: contractSchema('listStaffMembers'), ...staffOnly },
    async (_request, reply) => {
      const members = await listStaffMembers(fastify.db);
      return reply.header('x-total-count', String(members.length)).send(members);
    },
  );

  fastify.get(
    '/staff/buildings/',
    { schema: contractSchema('listStaffBuildings'), ...staffOnly },
    async (request, reply) => {
      const rows = await listScopeBuildings(fastify.db, currentStaffScope(request));
      return reply.header('x-total-count', String(rows.length)).send(rows);
    },
  );

  fastify.get(
    '/staff/tenants/',
    { schema: contractSchema('listStaffTenants'), ...staffOnly },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, rows } = await listScopeTenants(
        fastify.db,
        currentStaffScope(request),
        { search: request.query.search, descending: request.query.ordering === '-name' },
        page,
      );
      return paged(reply, page, total).send(rows);
    },
  );
};
