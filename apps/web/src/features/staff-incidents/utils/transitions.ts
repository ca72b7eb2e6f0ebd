import type { components } from '@portal/sdk/schema';

type TicketStatus = components['schemas']['TicketStatus'];

/**
 * The status transitions of docs/product.md §4 (the same table the API enforces for staff,
 * tenants and the command line): the staff detail offers only these, so a refused change (409
 * `invalid_transition`) can only come from a concurrent change.
 */
const TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
};

/** The statuses a ticket in `status` may move to, in the table's order. */
export function allowedTransitions(status: TicketStatus): readonly TicketStatus[] {
  return TRANSITIONS[status];
}

/** A change to `status` stores the resolution text (resolved or closed). */
export function takesResolution(status: TicketStatus): boolean {
  return status === 'resolved' || status === 'closed';
}
