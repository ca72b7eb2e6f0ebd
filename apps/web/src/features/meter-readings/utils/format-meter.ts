import { formatQuantity } from '#src/lib/format.ts';
import type { MeterUnit } from '../api/meter-queries.ts';

/** Unit symbols as printed (the API's `m3` is „m³"); the same in every language. */
export const UNIT_SYMBOL: Record<MeterUnit, string> = { kWh: 'kWh', m3: 'm³', GJ: 'GJ' };

/** A meter value or consumption with its unit, cs-CZ: „12 650 kWh", „524,95 m³". */
export function formatMeterQuantity(value: string | number, unit: MeterUnit): string {
  return formatQuantity(Number(value), UNIT_SYMBOL[unit], { maximumFractionDigits: 3 });
}

/** A rate per day, rounded to what a person compares: „27,3 kWh", „850 kWh", „0,21 m³". */
export function formatDailyRate(rate: number, unit: MeterUnit): string {
  return formatQuantity(rate, UNIT_SYMBOL[unit], { maximumSignificantDigits: 3 });
}
