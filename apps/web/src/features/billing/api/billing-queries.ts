import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';

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

/**
 * The statement's PDF as a Blob. Fetched through the SDK rather than opened as a link: every
 * BFF API request must carry the `X-CSRF` header (DESIGN "CSRF"), which a plain link cannot.
 */
export async function fetchStatementPdf(id: number): Promise<Blob> {
  const { data } = await apiClient.GET('/api/v1/billing_statements/{id}/pdf/', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  // The SDK throws ApiError for every non-2xx answer, so a missing body is the only case left.
  if (!data) throw new Error('PDF se nepodařilo stáhnout.');
  return data;
}
