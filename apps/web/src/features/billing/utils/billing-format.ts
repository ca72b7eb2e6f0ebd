import { formatCurrency, formatPercent } from '#src/lib/format.ts';

/**
 * „49 875,00 Kč" from an upstream `Money` string. The value becomes a number only to be
 * formatted: CZK amounts have at most 12 integer digits, well within a double's exact range.
 */
export const formatMoney = (amount: string) => formatCurrency(Number(amount));

/**
 * A VAT rate as a document prints it: „21 %" (a no-break space before the sign); null – an item
 * not subject to VAT – is `none`, the caller's Czech word for it („bez DPH").
 */
export const formatVatRate = (rate: number | null, none: string) => (rate === null ? none : formatPercent(rate / 100));
