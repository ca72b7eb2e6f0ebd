import type { ContractRoutes } from '../../../http/contract-schema.js';
import { staffBillingRoutes } from './billing.js';
import { staffDirectoryRoutes } from './directory.js';
import { staffMailRoutes } from './mail.js';
import { staffMaintenanceRoutes } from './maintenance-events.js';
import { staffMeetingRoomRoutes } from './meeting-rooms.js';
import { staffPublicSupportRoutes } from './public-support.js';
import { staffTicketRoutes } from './tickets.js';

/**
 * The staff workspace (`x-staff` operations of upstream.yaml, under `/api/v1/staff/`): every
 * route runs `[authenticate, requireStaff]`, so anyone not on the operator's staff gets 403
 * `staff_only` before anything is read, and every query is limited to the buildings of the
 * caller's scope (another building's item is a 404 like an unknown id). The rules are in
 * src/domain (staff.ts, staff-tickets.ts and the subject's own module), shared with
 * `portal-admin`.
 */
export const staffRoutes: ContractRoutes = async (fastify) => {
  await fastify.register(staffTicketRoutes);
  await fastify.register(staffPublicSupportRoutes);
  await fastify.register(staffMaintenanceRoutes);
  await fastify.register(staffBillingRoutes);
  await fastify.register(staffMeetingRoomRoutes);
  await fastify.register(staffDirectoryRoutes);
  await fastify.register(staffMailRoutes);
};
