import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { supportTickets, ticketAttachments } from '../../../db/schema.js';

/** An attachment of the tenant's ticket; another tenant's is as unknown as a missing one. */
export async function findTenantAttachment(db: Database, tenantId: string, ticketId: number, attachmentId: number) {
  const [row] = await db
    .select({ attachment: ticketAttachments })
    .from(ticketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, ticketAttachments.ticketId))
    .where(
      and(
        eq(ticketAttachments.id, attachmentId),
        eq(ticketAttachments.ticketId, ticketId),
        eq(supportTickets.tenantId, tenantId),
      ),
    )
    .limit(1);
  return row?.attachment;
}
