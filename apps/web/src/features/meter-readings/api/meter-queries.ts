import type { components } from '@portal/sdk/schema';
import { meterKindValues } from '@portal/sdk/schema';
import { listQueryOptions } from '@portal/sdk/react-query';
import { apiClient } from '#src/lib/api.ts';

export type Meter = components['schemas']['Meter'];
export type MeterKind = components['schemas']['MeterKind'];
export type MeterUnit = Meter['unit'];
/**
 * `picture` is always null (docs/product.md §3). openapi-fetch's helpers read a null-only property as
 * write-only (`NonNullable<null>` is `never`) and drop it from answers, so the type does too.
 */
export type Reading = Omit<components['schemas']['Reading'], 'picture'>;
export type ReadingReason = NonNullable<components['schemas']['ReadingReason']>;

/** The contract's values, in its order (generated from bff.yaml). */
export const METER_KINDS: readonly MeterKind[] = meterKindValues;

/** Readings per history page: two years of monthly readings, enough for a telling chart. */
export const HISTORY_PAGE_SIZE = 24;

/**
 * The tenant's meters with their last reading and usual daily consumption. One page of the
 * API's maximum size: a tenant's unit has a handful of meters, never a hundred.
 */
export const metersQueryOptions = () =>
  listQueryOptions(apiClient, '/api/v1/meters/', {
    params: { query: { page_size: 100, ordering: 'serial_number' } },
  });

/** One page of a meter's readings, newest first, with the total for the pagination. */
export const meterHistoryQueryOptions = (meter: number, page: number) =>
  listQueryOptions(apiClient, '/api/v1/readings/', {
    params: { query: { meter, page, page_size: HISTORY_PAGE_SIZE, ordering: '-read_at' } },
  });

/** Key prefixes of every meters list and every history page, for invalidation after a submit (docs/architecture.md §6). */
export const meterQueryKeyPrefixes = () => [
  metersQueryOptions().queryKey.slice(0, 2),
  meterHistoryQueryOptions(1, 1).queryKey.slice(0, 2),
];
