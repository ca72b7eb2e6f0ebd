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
