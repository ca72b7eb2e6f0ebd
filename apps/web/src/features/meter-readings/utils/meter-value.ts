/**
 * Meter values as the tenant types them and as the API wants them. The API takes a decimal
 * string with a dot and at most three decimals (upstream.yaml `MeterValue`); a Czech tenant
 * types a comma and may group thousands with spaces („12 345,6"). Comparisons run on whole
 * thousandths (BigInt), so no value is ever rounded through a binary float.
 */

export const MAX_WHOLE_DIGITS = 12;
export const MAX_DECIMALS = 3;

export type MeterValueProblem = 'required' | 'format' | 'decimals' | 'tooLarge';

export type ParsedMeterValue = { ok: true; value: string } | { ok: false; problem: MeterValueProblem };

/** Spaces of every kind a keyboard or a copy from a formatted number may leave between digit groups. */
const GROUP_SEPARATORS = /[\s\u00a0\u202f]/g;

/** „12 345,60" → "12345.6"; the reason when it is not a meter value. */
export function parseMeterValue(input: string): ParsedMeterValue {
  const compact = input.replace(GROUP_SEPARATORS, '');
  if (compact === '') return { ok: false, problem: 'required' };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(compact);
  if (!match) return { ok: false, problem: 'format' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'tooLarge' };
  if (fraction.length > MAX_DECIMALS) return { ok: false, problem: 'decimals' };
  return { ok: true, value: fraction ? `${whole}.${fraction}` : whole };
}

/** A decimal string of the API in thousandths. */
export function toThousandths(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareMeterValues(a: string, b: string): number {
  const difference = toThousandths(a) - toThousandths(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** `a - b` as a number in the meter's unit (for display and rates; exact to the thousandth). */
export function meterValueDifference(a: string, b: string): number {
  return Number(toThousandths(a) - toThousandths(b)) / 1000;
}
