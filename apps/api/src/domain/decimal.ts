/**
 * Exact decimal arithmetic on meter values (three decimals) through BigInt thousandths, so no
 * value ever passes through a binary float on its way to the database or the answer.
 */
export function toMilli(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
}

export function fromMilli(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(4, '0');
  const fraction = digits.slice(-3).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -3)}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * Money (CZK, two decimals) as BigInt hellers, so sums and VAT never pass through a binary
 * float: `"1234.5"` → `123450n`, `"-0.50"` → `-50n`.
 */
export function toCents(amount: string): bigint {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', fraction = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  const cents = BigInt(whole === '' ? '0' : whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** `123450n` → `"1234.50"`, `-50n` → `"-0.50"` (the contract's `Money`). */
export function fromCents(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `numerator / denominator` rounded to the nearest integer, halves away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < (denominator < 0n ? -denominator : denominator)) return quotient;
  return numerator < 0n !== denominator < 0n ? quotient - 1n : quotient + 1n;
}
