import { fieldErrors } from '../../../domain/errors.js';
import { findMeter, recordReading, serializeReadings } from '../../../domain/meters.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { currentTenant } from '../../../plugins/app/tenant-guard.js';
import { listMeters, listReadings } from './repository.js';

/** The tenant's meters and readings; the reading rules are domain/meters.ts. */
export const meterRoutes: ContractRoutes = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };

  fastify.get('/meters/', { schema: contractSchema('listMeters'), ...tenantScoped }, async (request, reply) => {
    const page = pageOf(request.query);
    const { total, items } = await listMeters(fastify.db, currentTenant(request), request.query, page);
    return paged(reply, page, total).send(items);
  });

  fastify.get('/readings/', { schema: contractSchema('listReadings'), ...tenantScoped }, async (request, reply) => {
    const page = pageOf(request.query);
    const { total, items } = await listReadings(fastify.db, currentTenant(request), request.query, page);
    return paged(reply, page, total).send(items);
  });

  fastify.post('/readings/', { schema: contractSchema('createReading'), ...tenantScoped }, async (request, reply) => {
    const { body } = request;
    const user = currentUser(request);
    const meter = await findMeter(fastify.db, body.meter, currentTenant(request));
    if (meter === undefined) throw fieldErrors({ meter: ['Měřidlo nebylo nalezeno mezi vašimi měřidly.'] });
    return runCreate(fastify.db, request, reply, 'createReading', async (tx) => {
      const row = await recordReading(tx, {
        meterId: meter.id,
        value: body.value,
        note: body.note?.trim() || null,
        reason: body.reason ?? null,
        userId: user.id,
      });
      const [serialized] = await serializeReadings(tx, [row]);
      return { statusCode: 201, body: serialized };
    });
  });
};
