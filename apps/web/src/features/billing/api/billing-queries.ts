import type { components } from '@portal/sdk/schema';
import { downloadFile } from '@portal/sdk/files';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import { saveFile } from '#src/lib/save-file.ts';

export type Statement = components['schemas']['BillingStatement'];
export type StatementDetail = components['schemas']['BillingStatementDetail'];
export type StatementItem = components['schemas']['BillingItem'];

export const STATEMENTS_PAGE_SIZE = 10;

/** The tenant's statements, newest first, with X-Total-Count for the pages. */
export const statementsQueryOptions = (page: number) =>
  listQueryOptions(apiClient, '/api/v1/billing_statements/', {
    params: { query: { page, page_size: STATEMENTS_PAGE_SIZE, ordering: '-issued_on' } },
  });

/** One statement with its items. */
export const statementQueryOptions = (id: number) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/billing_statements/{id}/', { params: { path: { id } } }),
    // A vanished or foreign statement (404) is shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Downloads the statement's PDF and offers it to the user as a file. */
export async function downloadStatementPdf(statement: Pick<StatementDetail, 'id' | 'number'>): Promise<void> {
  const file = await downloadFile(apiClient, '/api/v1/billing_statements/{id}/pdf/', {
    params: { path: { id: statement.id } },
  });
  saveFile(file, `vyuctovani-${statement.number}.pdf`);
}
