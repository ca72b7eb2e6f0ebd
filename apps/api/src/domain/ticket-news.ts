import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { supportTickets, ticketViews } from '../db/schema.js';

/**
 * The tenant's "news" marks: a ticket has news for a user when the operator's side changed it
 * (`support_tickets.tenant_news_at`, see tickets.ts isTenantNews) after the user last marked it
 * seen (`ticket_views`), or at all when the user never did.
 */
export const hasNewsSql = (userId: SQL | number): SQL =>
  sql`(${supportTickets.tenantNewsAt} is not null and not exists (select 1 from ${ticketViews} where ${ticketViews.userId} = ${userId} and ${ticketViews.ticketId} = ${supportTickets.id} and ${ticketViews.seenAt} >= ${supportTickets.tenantNewsAt}))`;

/** How many of the tenant's tickets have news for the user. */
export async function countTicketsWithNews(db: Database, tenantId: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.tenantId, tenantId), hasNewsSql(userId)));
  return row?.n ?? 0;
}

/** The user has seen the ticket as it is at `at`; a later view never moves the mark back. */
export async function markTicketSeen(db: Database, userId: number, ticketId: number, at = new Date()) {
  await db
    .insert(ticketViews)
    .values({ userId, ticketId, seenAt: at })
    .onConflictDoUpdate({
      target: [ticketViews.userId, ticketViews.ticketId],
      set: { seenAt: sql`greatest(${ticketViews.seenAt}, excluded.seen_at)` },
    });
}
