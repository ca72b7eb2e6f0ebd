import { fetchList } from '@portal/sdk/client';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { statementState } from '../utils/statement-status.ts';
import type { Statement } from './billing-queries.ts';

/** What the home page says about money: how many statements wait for payment, and how much. */
export interface UnpaidStatementsSummary {
  count: number;
  /** The sum still due, as an upstream `Money` string (exact, two decimals). */
  amountDue: string;
  overdue: number;
  /** The statement to link to when there is only one. */
  onlyId: number | null;
}

const PAGE_SIZE = 100;
/** A tenant with more unpaid statements than this has a conversation with the operator, not a page. */
const MAX_PAGES = 10;

/**
 * Every unpaid statement, earliest due first: the total outstanding must be exact, so all
 * pages are read (a tenant has a handful; the cap only guards against a runaway loop). The key
 * starts like the billing list's, so whatever refreshes the statements refreshes this too.
 */
export const unpaidStatementsQueryOptions = () =>
  queryOptions({
    queryKey: ['get', '/api/v1/billing_statements/', { unpaid: true }, 'all'] as const,
    queryFn: async ({ signal }): Promise<Statement[]> => {
      const statements: Statement[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const { items, total } = await fetchList(apiClient, '/api/v1/billing_statements/', {
          params: { query: { paid: false, ordering: 'due_date', page, page_size: PAGE_SIZE } },
          signal,
        });
        statements.push(...items);
        if (statements.length >= total || items.length < PAGE_SIZE) break;
      }
      return statements;
    },
    meta: { errorToast: false },
  });

/** Sums `Money` strings in haléře, so no binary fraction creeps into the total. */
export function sumMoney(amounts: readonly string[]): string {
  const cents = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  const sign = cents < 0n ? '-' : '';
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Null when everything is paid. */
export function summarizeUnpaid(statements: readonly Statement[], now = new Date()): UnpaidStatementsSummary | null {
  const unpaid = statements.filter((statement) => !statement.paid);
  if (unpaid.length === 0) return null;
  return {
    count: unpaid.length,
    amountDue: sumMoney(unpaid.map((statement) => statement.amount_due)),
    overdue: unpaid.filter((statement) => statementState(statement, now) === 'overdue').length,
    onlyId: unpaid.length === 1 ? (unpaid[0]?.id ?? null) : null,
  };
}
