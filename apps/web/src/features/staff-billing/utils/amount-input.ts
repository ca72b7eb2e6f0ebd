/**
 * Amounts and quantities as Czech users type them – „12 500,50", „12500.5", „−120" – turned
 * into the contract's decimal strings: `Money` with exactly two decimals and a dot
 * (`^-?[0-9]{1,12}\.[0-9]{2}$`), a quantity with at most three decimals. Null when the text is
 * no such number. Strings all the way, so no amount passes through a binary float.
 */
function decimalParts(value: string, maxDecimals: number): { sign: string; whole: string; fraction: string } | null {
  const text = value
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^[\u2212\u2013]/, '-')
    .replace(/(Kč|CZK)$/i, '');
  const match = new RegExp(`^(-?)(\\d{1,12})(?:[,.](\\d{1,${maxDecimals}}))?$`).exec(text);
  if (!match) return null;
  return { sign: match[1] ?? '', whole: String(Number(match[2])), fraction: match[3] ?? '' };
}

/** „1 250,5" → „1250.50"; null when it is no amount. */
export function parseMoneyInput(value: string): string | null {
  const parts = decimalParts(value, 2);
  if (!parts) return null;
  const amount = `${parts.whole}.${parts.fraction.padEnd(2, '0')}`;
  return parts.sign && amount !== '0.00' ? `-${amount}` : amount;
}

/** „12,5" → „12.5"; null when it is no quantity. */
export function parseQuantityInput(value: string): string | null {
  const parts = decimalParts(value, 3);
  if (!parts) return null;
  return `${parts.sign}${parts.whole}${parts.fraction ? `.${parts.fraction}` : ''}`;
}
