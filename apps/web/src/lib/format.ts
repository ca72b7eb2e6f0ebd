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
    new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(value),
    ),
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
