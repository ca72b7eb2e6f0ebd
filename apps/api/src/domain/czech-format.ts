/**
 * Czech formatting of what the API prints itself (the generated statement PDF, messages that
 * name a day), by the rules of docs/czech.md §2 – the same output as the web app's
 * `lib/format.ts`: no-break spaces inside numbers, between a number and its unit and inside
 * dates, a decimal comma, days as „1. 3. 2026". Built from strings, so an amount never passes
 * through a binary float on its way to the page.
 */

export const NBSP = '\u00a0';

/** `"-1234567.5"` → `"-1 234 567,5"`: digit groups of three with no-break spaces, a decimal comma. */
export function formatDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = value.replace(/^[-+]/, '').split('.');
  const grouped = String(BigInt(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '-' : ''}${grouped}${fraction === undefined || fraction === '' ? '' : `,${fraction}`}`;
}

/** `"49875"` → `"49 875,00 Kč"`; negatives with a hyphen-minus. */
export function formatMoney(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${formatDecimal(`${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`)}${NBSP}Kč`;
}

/** `"790.250"`, `"kWh"` → `"790,25 kWh"`; the API's `m3` is printed `m³`. */
export function formatQuantity(quantity: string, unit: string | null): string {
  const trimmed = quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity;
  const shown = unit === 'm3' ? 'm³' : unit;
  return shown === null || shown === '' ? formatDecimal(trimmed) : `${formatDecimal(trimmed)}${NBSP}${shown}`;
}

/** `21` → `"21 %"`. */
export const formatPercent = (value: number) => `${value}${NBSP}%`;

const parts = (day: string) => {
  const [year = '', month = '', date = ''] = day.split('-');
  return { year, month: String(Number(month)), date: String(Number(date)) };
};

/** `"2026-03-01"` → `"1. 3. 2026"`. */
export function formatDay(day: string): string {
  const { year, month, date } = parts(day);
  return `${date}.${NBSP}${month}.${NBSP}${year}`;
}

/**
 * A range of days as Czech writes it: `1.–31. 10. 2026` within a month, `15. 9. – 14. 10. 2026`
 * within a year, `1. 12. 2026 – 5. 1. 2027` across years (no spaces around the dash when both
 * sides are single tokens, spaces when a side has several words).
 */
export function formatDayRange(from: string, to: string): string {
  const start = parts(from);
  const end = parts(to);
  if (from === to) return formatDay(from);
  if (start.year === end.year && start.month === end.month) return `${start.date}.–${formatDay(to)}`;
  if (start.year === end.year) return `${start.date}.${NBSP}${start.month}. – ${formatDay(to)}`;
  return `${formatDay(from)} – ${formatDay(to)}`;
}

/**
 * Czech typography: a one-letter preposition or conjunction (k, s, v, z, o, u, a, i) is not left
 * at the end of a line – the space after it becomes a no-break space (as the web app's
 * `keepShortWordsWithNext`).
 */
export function keepShortWordsWithNext(text: string): string {
  return text.replace(/(?<=^|[\s(„])([ksvzouai])\s+/gi, `$1${NBSP}`);
}
