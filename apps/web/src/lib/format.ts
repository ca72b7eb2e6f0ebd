import { currentLocale, INTL_LOCALE } from '#src/lib/i18n.ts';

/**
 * cs-CZ formatting helpers. Intl on Node 20/ICU puts ordinary spaces into Czech dates
 * („22. 11. 2026"); Czech typography wants no-break spaces there, so they are replaced
 * (shared/reference/czech-and-accessibility.md §2).
 */

const NBSP = '\u00a0';
const intlLocale = () => INTL_LOCALE[currentLocale()];
const nbsp = (value: string) => value.replace(/ /g, NBSP);

/** „22. 11. 2026" */
export function formatDate(value: Date | string | number): string {
  return nbsp(new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(new Date(value)));
}

/** „22. listopadu 2026" */
export function formatDateLong(value: Date | string | number): string {
  return nbsp(new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long' }).format(new Date(value)));
}

/** „22. 11. 2026 14:05" */
export function formatDateTime(value: Date | string | number): string {
  return nbsp(
    new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
  );
}

/** „1 234,5" (NBSP as the thousands separator). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** „1 234,50 Kč" */
export function formatCurrency(value: number, currency = 'CZK'): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(value);
}

/**
 * Czech phone numbers as „+420 123 456 789" with no-break spaces. Anything that is not a
 * 9-digit Czech number (with or without +420/00420) is returned trimmed, unchanged.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/[\s-]/g, '').replace(/^(\+|00)420/, '');
  if (!/^\d{9}$/.test(digits)) return value.trim();
  return ['+420', digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].join(NBSP);
}

/** „14:05" (24-hour clock). */
export function formatTime(value: Date | string | number): string {
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short' }).format(new Date(value));
}

/** „15,5 %" – `value` is a fraction (0.155). */
export function formatPercent(value: number, maximumFractionDigits = 1): string {
  return nbsp(new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits }).format(value));
}

/**
 * A quantity with a unit Intl lacks in Czech (kWh, m³ throw as units): „1 234,5 kWh", with a
 * no-break space before the unit.
 */
export function formatQuantity(value: number, unit: string, options?: Intl.NumberFormatOptions): string {
  return `${formatNumber(value, options)}${NBSP}${unit}`;
}

/** The Intl plural category for cs-CZ (`one` 1, `few` 2–4, `many` decimals, `other` 0 and 5+). */
export function pluralCategory(count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(intlLocale()).select(count);
}

/**
 * Czech typography: a one-letter preposition or conjunction (k, s, v, z, o, u, a, i) is not
 * left at the end of a line – the space after it becomes a no-break space.
 */
export function keepShortWordsWithNext(text: string): string {
  return text.replace(/(?<=^|[\s(„])([ksvzouai])\s+/gi, `$1${NBSP}`);
}
