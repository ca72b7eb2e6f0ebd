import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { supportTickets } from '../db/schema.js';
import { ticketEvents } from './ticket-events.js';

/** How many tickets one transaction closes; a long backlog is worked off in several. */
const BATCH = 100;

/**
 * Closes every resolved ticket the tenant has not answered (confirmed or reopened) within
 * `days` of its resolution, each with a `system` status change (ticketEvents.autoClosed).
 * Idempotent, and safe to run on several instances at once: each batch locks its tickets with
 * `FOR UPDATE SKIP LOCKED`, so two runs never close the same ticket, and the status is checked
 * under the lock, so a ticket a tenant answered meanwhile is left alone. Returns the ids closed.
 */
export async function closeStaleResolvedTickets(db: Database, now: Date, days: number): Promise<number[]> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const closed: number[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.status, 'resolved'), lt(supportTickets.resolvedAt, cutoff)))
        .orderBy(asc(supportTickets.resolvedAt), asc(supportTickets.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const ticket of stale) await ticketEvents.autoClosed(tx, ticket, days);
      return stale.map((ticket) => ticket.id);
    });
    closed.push(...batch);
    if (batch.length < BATCH) return closed;
  }
}
