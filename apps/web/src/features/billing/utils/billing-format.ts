import { formatCurrency } from '#src/lib/format.ts';

/**
 * „49 875,00 Kč" from an upstream `Money` string. The value becomes a number only to be
 * formatted: CZK amounts have at most 12 integer digits, well within a double's exact range.
 */
export const formatMoney = (amount: string) => formatCurrency(Number(amount));
