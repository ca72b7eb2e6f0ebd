export interface StatementFilters {
  tenant: string | null;
  page: number;
}

/** Czech names of the list's address parameters (docs/product.md §2). */
export const STATEMENT_PARAMS = { tenant: 'najemce', page: 'strana' } as const;

const TENANT_ID_MAX = 64;
const POSITIVE_INT = /^[1-9]\d{0,9}$/;

export function filtersFromSearch(search: URLSearchParams): StatementFilters {
  const tenant = search.get(STATEMENT_PARAMS.tenant)?.trim() ?? '';
  const page = search.get(STATEMENT_PARAMS.page)?.trim() ?? '';
  return {
    tenant: tenant !== '' && tenant.length <= TENANT_ID_MAX ? tenant : null,
    page: POSITIVE_INT.test(page) && Number(page) < 100_000 ? Number(page) : 1,
  };
}

export function searchFor(filters: StatementFilters): string {
  const search = new URLSearchParams();
  if (filters.tenant !== null) search.set(STATEMENT_PARAMS.tenant, filters.tenant);
  if (filters.page > 1) search.set(STATEMENT_PARAMS.page, String(filters.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
