import type { FastifyPluginAsync } from 'fastify';
import { allauthRoutes } from './allauth/index.js';
import { billingRoutes } from './billing/index.js';
import { buildingRoutes } from './buildings/index.js';
import { maintenanceEventRoutes } from './maintenance-events/index.js';
import { meetingRoomRoutes } from './meeting-rooms/index.js';
import { meterRoutes } from './meters/index.js';
import { publicSupportRoutes } from './public-support/index.js';
import { staffRoutes } from './staff/index.js';
import { supportTicketRoutes } from './support-tickets/index.js';
import { myProfileRoutes } from './my-profile/index.js';
import { notificationRoutes } from './notifications/index.js';
import { tenantAccessRoutes } from './tenant-access/index.js';
import { tokenRoutes } from './token/index.js';

/**
 * Everything under `/api/v1`. Registered explicitly rather than autoloaded: the list is the
 * table of contents, and colocated tests can never be loaded as routes by mistake.
 * Route folders spell out their full paths (with DRF's trailing slash), so a path in
 * upstream.yaml can be found here with one search.
 */
export const v1Routes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(allauthRoutes, { prefix: '/_allauth/app/v1' });
  await fastify.register(tokenRoutes);
  await fastify.register(myProfileRoutes);
  await fastify.register(notificationRoutes);
  await fastify.register(tenantAccessRoutes);
  await fastify.register(buildingRoutes);
  await fastify.register(supportTicketRoutes);
  await fastify.register(publicSupportRoutes);
  await fastify.register(maintenanceEventRoutes);
  await fastify.register(meetingRoomRoutes);
  await fastify.register(billingRoutes);
  await fastify.register(meterRoutes);
  await fastify.register(staffRoutes);
};
