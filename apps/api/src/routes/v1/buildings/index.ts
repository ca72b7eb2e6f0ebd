import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { buildings } from '../../../db/schema.js';
import { tenantBuildingIds } from '../../../domain/refs.js';
import { drfError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { assertPageExists, pageOf } from '../../../http/pagination.js';

interface ListQuery {
  page?: number;
  page_size?: number;
  ordering?: 'name' | '-name' | 'id' | '-id';
  search?: string;
  tenant_only?: boolean;
}

export function serializeBuilding(row: typeof buildings.$inferSelect) {
  return { id: row.id, name: row.name, street: row.street, city: row.city, postal_code: row.postalCode };
}

/** Buildings are public (the anonymous forms pick one); `tenant_only` narrows to the tenant's. */
export const buildingRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/buildings/',
    { schema: contractSchema('listBuildings'), onRequest: [fastify.optionalTenant] },
    async (request, reply) => {
      const query = request.query as ListQuery;
      const filters: SQL[] = [];
      if (query.tenant_only === true && request.tenantId !== null) {
        const ids = await tenantBuildingIds(fastify.db, request.tenantId);
        filters.push(inArray(buildings.id, ids.length > 0 ? ids : [0]));
      }
      const search = query.search?.trim();
      if (search !== undefined && search !== '') {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(
          or(ilike(buildings.name, pattern), ilike(buildings.street, pattern), ilike(buildings.city, pattern)) as SQL,
        );
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      const page = pageOf(query);
      const [total] = await fastify.db.select({ value: count() }).from(buildings).where(where);
      assertPageExists(page, total?.value ?? 0);
      const ordering = query.ordering ?? 'name';
      const column = ordering.endsWith('id') ? buildings.id : buildings.name;
      const rows = await fastify.db
        .select()
        .from(buildings)
        .where(where)
        .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(buildings.id))
        .limit(page.limit)
        .offset(page.offset);
      return reply.header('x-total-count', String(total?.value ?? 0)).send(rows.map(serializeBuilding));
    },
  );

  fastify.get(
    '/buildings/:id/',
    { schema: contractSchema('getBuilding'), onRequest: [fastify.optionalTenant] },
    async (request) => {
      const { id } = request.params as { id: number };
      const [row] = await fastify.db.select().from(buildings).where(eq(buildings.id, id)).limit(1);
      if (row === undefined) throw drfError(404, 'not_found', 'Budova nebyla nalezena.');
      return serializeBuilding(row);
    },
  );
};
