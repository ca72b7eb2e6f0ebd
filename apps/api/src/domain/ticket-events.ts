import type { Database } from '../db/database.js';
import { czechCount } from './czech-count.js';
import { notifyTicketAutoClosed, notifyTicketReopened } from './notifications.js';
import { addComment, assertAwaitingAnswer, changeStatus, type Actor, type TicketRow } from './tickets.js';

/**
 * The ticket events someone must be told about, each with one call site: the change itself
 * and its timeline entries happen here, in the caller's transaction, so whatever else an
 * event causes (a notification enqueued in the same transaction) is added in this one place
 * and can never be skipped by another route that makes the same change.
 */
export const ticketEvents = {
  /** The tenant confirmed the fix: resolved → closed. */
  async confirmedByTenant(tx: Database, ticket: TicketRow, actor: Actor) {
    assertAwaitingAnswer(ticket);
    return changeStatus(tx, ticket, actor, 'closed');
  },

  /**
   * The tenant says the fault is still there: resolved → open, the reason as the tenant's public
   * comment right after the status change. The assignee is told of the reopen (one mail, not a
   * second one for the comment).
   */
  async reopenedByTenant(tx: Database, ticket: TicketRow, actor: Actor, reason: string) {
    assertAwaitingAnswer(ticket);
    const change = await changeStatus(tx, ticket, actor, 'open');
    const comment = await addComment(tx, { ...ticket, status: 'open' }, actor, reason.trim(), 'public', false);
    await notifyTicketReopened(tx, { ...ticket, status: 'open' }, reason.trim());
    return { change, comment };
  },

  /**
   * Nobody answered a resolved ticket within `days`: resolved → closed by the system, the
   * reason in the entry's body. The tenant is told.
   */
  async autoClosed(tx: Database, ticket: TicketRow, days: number) {
    const entry = await changeStatus(
      tx,
      ticket,
      { userId: null, role: 'system' },
      'closed',
      undefined,
      autoCloseNote(days),
    );
    await notifyTicketAutoClosed(tx, { ...ticket, status: 'closed' }, days);
    return entry;
  },
};

/** The body of the automatic close's timeline entry. */
export function autoCloseNote(days: number): string {
  // „do“ takes the genitive: do 1 dne, do 3 dní, do 7 dní.
  const within = czechCount(days, { one: 'dne', few: 'dní', other: 'dní' });
  return `Uzavřeno automaticky: nájemce do ${within} od vyřešení nepotvrdil odstranění závady ani incident znovu neotevřel.`;
}
