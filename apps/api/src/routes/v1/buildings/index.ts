import { findBuilding } from '../../../domain/buildings.js';
import { drfError } from '../../../domain/errors.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { listBuildings, serializeBuilding } from './repository.js';

/** Buildings are public (the anonymous forms pick one); a tenant may narrow the list to its own. */
export const buildingRoutes: ContractRoutes = async (fastify) => {
  const optionalTenant = { onRequest: [fastify.optionalTenant] };

  fastify.get('/buildings/', { schema: contractSchema('listBuildings'), ...optionalTenant }, async (request, reply) => {
    const page = pageOf(request.query);
    const { total, items } = await listBuildings(fastify.db, request.tenantId, request.query, page);
    return paged(reply, page, total).send(items);
  });

  fastify.get('/buildings/:id/', { schema: contractSchema('getBuilding'), ...optionalTenant }, async (request) => {
    const building = await findBuilding(fastify.db, request.params.id);
    if (building === undefined) throw drfError(404, 'not_found', 'Budova nebyla nalezena.');
    return serializeBuilding(building);
  });
};
