import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { vatRates } from '../db/schema.js';
import { formatPercent } from './czech-format.js';
import { divideRounded, fromCents, toCents } from './decimal.js';
import { fieldErrors } from './errors.js';
import { isRealDay } from './prague-time.js';

/**
 * VAT on billing statements: the rates an item may carry (a table, so a change of the law is a
 * row added with `portal-admin vat-rates`, not a release) and the breakdown per rate that a
 * Czech tax document states (docs/product.md §3).
 */

export interface VatRate {
  rate: number;
  validFrom: string;
  /** The last day it applies to; null while in force. */
  validTo: string | null;
}

/** Every rate, highest first, the newest period of a rate first. */
export async function listVatRates(db: Database): Promise<VatRate[]> {
  return db
    .select({ rate: vatRates.rate, validFrom: vatRates.validFrom, validTo: vatRates.validTo })
    .from(vatRates)
    .orderBy(desc(vatRates.rate), desc(vatRates.validFrom));
}

/** Whether a rate applies to a taxable supply on `day` (`YYYY-MM-DD`). */
export const appliesOn = (rate: VatRate, day: string) =>
  rate.validFrom <= day && (rate.validTo === null || day <= rate.validTo);

/** The rates in force on `day`, highest first. */
export async function vatRatesOn(db: Database, day: string): Promise<number[]> {
  return [...new Set((await listVatRates(db)).filter((rate) => appliesOn(rate, day)).map((rate) => rate.rate))];
}

const isRate = (rate: number) => Number.isInteger(rate) && rate >= 0 && rate <= 99;
const dayError = 'Zadejte platné datum ve tvaru RRRR-MM-DD.';

/**
 * Adds a rate from `validFrom` (optionally to `validTo`); a rate whose periods would overlap
 * is refused, so a day never has the same rate twice.
 */
export async function addVatRate(db: Database, rate: VatRate): Promise<VatRate> {
  const errors: Record<string, string[]> = {};
  if (!isRate(rate.rate)) errors['rate'] = ['Sazba DPH musí být celé číslo procent od 0 do 99.'];
  if (!isRealDay(rate.validFrom)) errors['valid_from'] = [dayError];
  if (rate.validTo !== null && !isRealDay(rate.validTo)) errors['valid_to'] = [dayError];
  else if (rate.validTo !== null && rate.validTo < rate.validFrom)
    errors['valid_to'] = ['Konec platnosti nesmí být před jejím začátkem.'];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const periods = (await listVatRates(db)).filter((existing) => existing.rate === rate.rate);
  const overlaps = periods.some(
    (existing) =>
      (rate.validTo === null || existing.validFrom <= rate.validTo) &&
      (existing.validTo === null || rate.validFrom <= existing.validTo),
  );
  if (overlaps)
    throw fieldErrors({
      valid_from: [`Sazba ${formatPercent(rate.rate)} v tomto období už platí; nejdřív ukončete tu dřívější.`],
    });
  await db.insert(vatRates).values(rate);
  return rate;
}

/** Ends the rate in force: `lastDay` is the last taxable supply day it applies to. */
export async function endVatRate(db: Database, rate: number, lastDay: string): Promise<VatRate> {
  if (!isRealDay(lastDay)) throw fieldErrors({ valid_to: [dayError] });
  const [open] = await db
    .select()
    .from(vatRates)
    .where(and(eq(vatRates.rate, rate), isNull(vatRates.validTo)))
    .orderBy(asc(vatRates.validFrom))
    .limit(1);
  if (open === undefined) throw fieldErrors({ rate: [`Sazba ${formatPercent(rate)} teď neplatí, není co ukončit.`] });
  if (lastDay < open.validFrom) throw fieldErrors({ valid_to: ['Konec platnosti nesmí být před jejím začátkem.'] });
  await db
    .update(vatRates)
    .set({ validTo: lastDay })
    .where(and(eq(vatRates.rate, rate), eq(vatRates.validFrom, open.validFrom)));
  return { rate, validFrom: open.validFrom, validTo: lastDay };
}

export interface VatBreakdownRow {
  /** Null: the items not subject to VAT. */
  rate: number | null;
  base: string;
  vat: string;
  total: string;
}

export interface VatBreakdown {
  rows: VatBreakdownRow[];
  totalBase: string;
  totalVat: string;
  total: string;
}

/**
 * The VAT per rate of items whose amounts include VAT: each rate's VAT is computed from the
 * sum of its items' amounts, `total × rate / (100 + rate)`, rounded to hellers half away from
 * zero (§ 37 odst. 2 zákona o DPH, „výpočet shora"), and its base is the total less the VAT.
 * So base + VAT = total in every row, and the rows add up to the statement's total exactly.
 * Rows go from the highest rate down; the items without a rate come last.
 */
export function vatBreakdown(items: readonly { amount: string; vatRate: number | null }[]): VatBreakdown {
  const totals = new Map<number | null, bigint>();
  for (const item of items) totals.set(item.vatRate, (totals.get(item.vatRate) ?? 0n) + toCents(item.amount));
  const order = (rate: number | null) => (rate === null ? -1 : rate);
  let base = 0n;
  let vat = 0n;
  const rows = [...totals.entries()]
    .sort(([a], [b]) => order(b) - order(a))
    .map(([rate, total]) => {
      const rowVat = rate === null ? 0n : divideRounded(total * BigInt(rate), BigInt(100 + rate));
      base += total - rowVat;
      vat += rowVat;
      return { rate, base: fromCents(total - rowVat), vat: fromCents(rowVat), total: fromCents(total) };
    });
  return { rows, totalBase: fromCents(base), totalVat: fromCents(vat), total: fromCents(base + vat) };
}
