/** URL search parameters of the billing page: `?strana=2` (list page), `?id=12` (one statement). */
export const BILLING_PARAMS = { page: 'strana', statement: 'id' } as const;

export interface BillingView {
  page: number;
  /** The statement opened in the detail, or null for the list. */
  statementId: number | null;
}

const positive = (value: string | null, max: number): number | null => {
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
};

/** Reads the view from the URL; nonsense falls back to the first page of the list. */
export function billingViewFromSearch(search: URLSearchParams): BillingView {
  return {
    page: positive(search.get(BILLING_PARAMS.page), 99_999) ?? 1,
    statementId: positive(search.get(BILLING_PARAMS.statement), 2_147_483_647),
  };
}

/** `?strana=2&id=12`, without defaults (page 1, no statement). */
export function billingSearch(view: BillingView): string {
  const search = new URLSearchParams();
  if (view.page > 1) search.set(BILLING_PARAMS.page, String(view.page));
  if (view.statementId !== null) search.set(BILLING_PARAMS.statement, String(view.statementId));
  const text = search.toString();
  return text ? `?${text}` : '';
}
