import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { publicSupportAttachments, supportTickets, ticketAttachments } from '../../../db/schema.js';
import { coversBuilding, type StaffScope } from '../../../domain/staff.js';

/** An attachment of a ticket the scope covers; any other is as unknown as a missing one. */
export async function findStaffTicketAttachment(
  db: Database,
  scope: StaffScope,
  ticketId: number,
  attachmentId: number,
) {
  const [row] = await db
    .select({ attachment: ticketAttachments, buildingId: supportTickets.buildingId })
    .from(ticketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)))
    .limit(1);
  return row !== undefined && coversBuilding(scope, row.buildingId) ? row.attachment : undefined;
}

/** A visitor's file of a request (the request's building is checked by the caller). */
export async function findPublicRequestAttachment(db: Database, requestId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(publicSupportAttachments)
    .where(and(eq(publicSupportAttachments.id, attachmentId), eq(publicSupportAttachments.requestId, requestId)))
    .limit(1);
  return row;
}
