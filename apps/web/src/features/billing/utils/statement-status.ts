import { pragueDay } from '#src/lib/prague-time.ts';
import type { Statement } from '../api/billing-queries.ts';

export type StatementState = 'paid' | 'unpaid' | 'overdue';

/**
 * Paid in full, still to pay, or to pay and past its due date (the due day itself is not late).
 * Due dates are Prague calendar days, whatever the device's zone.
 */
export function statementState(
  statement: Pick<Statement, 'paid' | 'due_date'>,
  now: Date = new Date(),
): StatementState {
  if (statement.paid) return 'paid';
  return statement.due_date < pragueDay(now) ? 'overdue' : 'unpaid';
}
