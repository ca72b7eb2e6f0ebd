import type { components } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import type { StatementFilters } from '../utils/statements-search.ts';

export type StaffStatement = components['schemas']['StaffBillingStatement'];
export type ImportedStatement = components['schemas']['BillingStatementDetail'];
export type StatementImport = components['schemas']['StaffStatementImport'];
export type VatRate = components['schemas']['VatRate'];

export const STATEMENTS_PAGE_SIZE = 20;

/** One page of the imported statements (newest issue first), with X-Total-Count. */
export const staffStatementsQueryOptions = (filters: StatementFilters) =>
  listQueryOptions(apiClient, '/api/v1/staff/billing_statements/', {
    params: {
      query: {
        ...(filters.tenant !== null ? { tenant: filters.tenant } : {}),
        ordering: '-issued_on',
        page: filters.page,
        page_size: STATEMENTS_PAGE_SIZE,
      },
    },
  });

/**
 * Tenants for the filter and the import: the first hundred by name. A tenant further down is
 * still filtered by when the address names it.
 */
export const staffTenantsQueryOptions = () =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/staff/tenants/', { params: { query: { page_size: 100, ordering: 'name' } } }),
    staleTime: 5 * 60_000,
  });

/** The buildings the caller manages (the import's optional building). */
export const staffBuildingsQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/buildings/'), staleTime: 5 * 60_000 });

/** The VAT rates with the days they apply to; they change with the law, rarely. */
export const staffVatRatesQueryOptions = () =>
  queryOptions({ ...$api.queryOptions('get', '/api/v1/staff/vat_rates/'), staleTime: 30 * 60_000 });

/** Prefix of every list key, for invalidation. */
export const staffStatementsKeyPrefix = () => ['get', '/api/v1/staff/billing_statements/'] as const;
