import { isValidIban } from './czech-account.js';

/**
 * QR Platba: the Short Payment Descriptor (SPAYD 1.0) adopted by the Czech Banking
 * Association (docs/czech.md §1):
 * `SPD*1.0*ACC:CZ…*AM:1234.50*CC:CZK*X-VS:…*DT:YYYYMMDD*MSG:…`.
 *
 * Keys are upper-case and `*`-separated; values never contain a `*`. Everything written here
 * stays within the QR alphanumeric set (0–9, A–Z, space, `$%*+-./:`), so the code stays in the
 * compact mode and small enough to scan from a phone screen.
 */

export interface SpaydPayment {
  /** Recipient's IBAN (spaces allowed); its check digits must be valid. */
  iban: string;
  /** Optional BIC, written as `ACC:IBAN+BIC`. */
  bic?: string | null;
  /** Amount as a decimal string with a dot, at most 2 decimals (upstream `Money`). */
  amount: string;
  currency?: 'CZK';
  /** Variabilní symbol: digits only, at most 10. */
  variableSymbol?: string | null;
  /** Konstantní symbol: digits only, at most 10. */
  constantSymbol?: string | null;
  /** `YYYY-MM-DD`; banks read it as the day to execute the payment. */
  date?: string | null;
  /** Message for the recipient; diacritics and unsupported characters are dropped, max 60. */
  message?: string | null;
}

export class SpaydError extends Error {
  override name = 'SpaydError';
}

const MESSAGE_MAX = 60;
const SYMBOL = /^\d{1,10}$/;
/** Positive, at most 7 integer digits and 2 decimals, so `AM` stays within its 10 characters. */
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * `Vyúčtování č. 2026*01 – Alfa` → `VYUCTOVANI C. 2026 01 - ALFA`: no diacritics, upper case,
 * only QR alphanumeric characters; never `*` (the field separator) or `%` (SPAYD's escape).
 */
export function spaydMessage(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toUpperCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^0-9A-Z $+\-./:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX)
    .trim();
}

function amountOf(value: string): string {
  const amount = value.trim();
  if (!AMOUNT.test(amount) || Number(amount) <= 0) {
    throw new SpaydError(`AM must be a positive amount with at most 2 decimals, got "${value}"`);
  }
  // Canonical form: no leading zeros, two decimals (`50` → `50.00`, `7.5` → `7.50`).
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
}

function dateOf(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [, year, month, day] = match ?? [];
  const parsed = match ? new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))) : null;
  if (!parsed || parsed.getUTCMonth() !== Number(month) - 1 || parsed.getUTCDate() !== Number(day)) {
    throw new SpaydError(`DT must be a real date YYYY-MM-DD, got "${value}"`);
  }
  return `${year}${month}${day}`;
}

function symbolOf(key: string, value: string): string {
  if (!SYMBOL.test(value)) throw new SpaydError(`${key} must be 1–10 digits, got "${value}"`);
  return value;
}

/** The SPAYD string for a payment; throws `SpaydError` for data a bank would refuse. */
export function buildSpaydString(payment: SpaydPayment): string {
  const iban = payment.iban.replace(/\s/g, '').toUpperCase();
  if (!isValidIban(iban)) throw new SpaydError(`ACC must be a valid IBAN, got "${payment.iban}"`);
  const bic = payment.bic?.replace(/\s/g, '').toUpperCase();
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new SpaydError(`invalid BIC "${payment.bic}"`);

  const fields: string[] = [
    `ACC:${iban}${bic ? `+${bic}` : ''}`,
    `AM:${amountOf(payment.amount)}`,
    `CC:${payment.currency ?? 'CZK'}`,
  ];
  if (payment.variableSymbol) fields.push(`X-VS:${symbolOf('X-VS', payment.variableSymbol)}`);
  if (payment.constantSymbol) fields.push(`X-KS:${symbolOf('X-KS', payment.constantSymbol)}`);
  if (payment.date) fields.push(`DT:${dateOf(payment.date)}`);
  const message = payment.message ? spaydMessage(payment.message) : '';
  if (message) fields.push(`MSG:${message}`);
  return ['SPD', '1.0', ...fields].join('*');
}
