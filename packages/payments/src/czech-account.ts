/**
 * Czech bank accounts and IBANs (docs/czech.md §1).
 *
 * Domestic format `[prefix-]number/bank`: prefix up to 6 digits, number 2–10 digits, bank code
 * 4 digits; prefix and number each pass the mod-11 check of vyhláška 169/2011 Sb. The IBAN is
 * `CZ kk bbbb pppppp nnnnnnnnnn` (zero-padded) with ISO 13616 mod-97 check digits.
 */

/** The no-break space between an IBAN's groups of four (docs/czech.md §4). */
const NBSP = '\u00a0';

const DOMESTIC = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/;
/** Weights of the mod-11 check, from the rightmost digit. */
const MOD11_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** mod 97 of a long digit string, piecewise (the number does not fit a double). */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** Letters to numbers as ISO 13616 wants them (A = 10 … Z = 35). */
const lettersToDigits = (value: string) => value.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));

/** The mod-11 check of one part (prefix or number) of a domestic account. */
export function passesMod11(part: string): boolean {
  let sum = 0;
  [...part].reverse().forEach((digit, index) => {
    sum += Number(digit) * (MOD11_WEIGHTS[index] ?? 0);
  });
  return sum % 11 === 0;
}

/** Whether `account` is a well-formed domestic account whose prefix and number pass mod 11. */
export function isValidCzechAccount(account: string): boolean {
  const match = DOMESTIC.exec(account.replace(/\s/g, ''));
  if (!match) return false;
  const [, prefix = '', number = ''] = match;
  if (/^0+$/.test(number)) return false;
  return passesMod11(prefix) && passesMod11(number);
}

/**
 * `19-2000145399/0800` → `CZ6508000000192000145399`; null for anything that is not a valid
 * domestic account.
 */
export function czechAccountToIban(account: string): string | null {
  const compact = account.replace(/\s/g, '');
  if (!isValidCzechAccount(compact)) return null;
  const [, prefix = '', number = '', bank = ''] = DOMESTIC.exec(compact) ?? [];
  const bban = `${bank}${prefix.padStart(6, '0')}${number.padStart(10, '0')}`;
  // Check digits: 98 − (BBAN + "CZ00" with letters as numbers) mod 97.
  const check = 98 - mod97(`${bban}${lettersToDigits('CZ')}00`);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

/** Any country's IBAN: shape and mod-97 check digits (spaces are ignored). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('CZ') && iban.length !== 24) return false;
  return mod97(lettersToDigits(`${iban.slice(4)}${iban.slice(0, 4)}`)) === 1;
}

/** `CZ6508000000192000145399` → `CZ65 0800 0000 1920 0014 5399`, with no-break spaces. */
export function formatIban(iban: string): string {
  return iban.replace(/\s/g, '').replace(/(.{4})(?=.)/g, `$1${NBSP}`);
}
