import type { Statement } from '../api/billing-queries.ts';

/** `YYYY-MM-DD` of `now` in Prague: due dates are Czech calendar days, whatever the device's zone. */
export function pragueToday(now: Date = new Date()): string {
  // The Swedish locale writes ISO dates; only the digits matter here.
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' }).format(now);
}

export type StatementState = 'paid' | 'unpaid' | 'overdue';

/** Paid in full, still to pay, or to pay and past its due date (the due day itself is not late). */
export function statementState(
  statement: Pick<Statement, 'paid' | 'due_date'>,
  now: Date = new Date(),
): StatementState {
  if (statement.paid) return 'paid';
  return statement.due_date < pragueToday(now) ? 'overdue' : 'unpaid';
}
