/**
 * The page's URL state, in Czech like its path: `?meridlo=<id>` selects a meter (its form and
 * history), `&strana=<n>` a page of its history. Shareable, and Back returns to the previous
 * meter. Malformed values are ignored rather than sent to the API (which would answer 400).
 */
export const METER_PARAMS = { meter: 'meridlo', page: 'strana' } as const;

/** Where focus goes after a navigation inside the page (carried in the location state). */
export type FocusTarget = 'meter' | 'history';

export interface MeterSearch {
  meter: number | null;
  page: number;
}

const positiveInt = (raw: string | null, max: number): number | null => {
  if (raw === null || !/^[1-9]\d*$/.test(raw)) return null;
  const value = Number(raw);
  return value <= max ? value : null;
};

export function readMeterSearch(search: URLSearchParams): MeterSearch {
  return {
    meter: positiveInt(search.get(METER_PARAMS.meter), 2_147_483_647),
    page: positiveInt(search.get(METER_PARAMS.page), 100_000) ?? 1,
  };
}

/** `?meridlo=7` or `?meridlo=7&strana=2` (page 1 is left out). */
export function meterSearch({ meter, page }: MeterSearch): string {
  const search = new URLSearchParams();
  if (meter !== null) search.set(METER_PARAMS.meter, String(meter));
  if (page > 1) search.set(METER_PARAMS.page, String(page));
  const text = search.toString();
  return text ? `?${text}` : '?';
}
