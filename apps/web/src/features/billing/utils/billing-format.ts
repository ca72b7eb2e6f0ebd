import { formatCurrency, formatDate } from '#src/lib/format.ts';

/**
 * A `YYYY-MM-DD` day as a local Date at midnight. `new Date('2026-10-01')` would be UTC midnight,
 * which is the day before in any zone west of Greenwich.
 */
export function parseDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** „1. 10. 2026" for a `YYYY-MM-DD` day. */
export const formatDay = (day: string) => formatDate(parseDay(day));

const NBSP = '\u00a0';

/**
 * A billing period the Czech way (Intl's `formatRange` gives „1.10.2026 – 31.10.2026"):
 * „1.–31. 10. 2026" within a month, „15. 9. – 14. 10. 2026" within a year, both dates in full
 * otherwise. No spaces around the dash between single words, spaces where a side has several
 * (shared/reference/czech-and-accessibility.md §2).
 */
export function formatPeriod(from: string, to: string): string {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number);
  const [toYear, toMonth, toDay] = to.split('-').map(Number);
  if (from === to) return formatDay(from);
  if (fromYear === toYear && fromMonth === toMonth) return `${fromDay}.–${toDay}.${NBSP}${toMonth}.${NBSP}${toYear}`;
  if (fromYear === toYear) return `${fromDay}.${NBSP}${fromMonth}. – ${toDay}.${NBSP}${toMonth}.${NBSP}${toYear}`;
  return `${formatDay(from)} – ${formatDay(to)}`;
}

/**
 * „49 875,00 Kč" from an upstream `Money` string. The value becomes a number only to be
 * formatted: CZK amounts have at most 12 integer digits, well within a double's exact range.
 */
export const formatMoney = (amount: string) => formatCurrency(Number(amount));
