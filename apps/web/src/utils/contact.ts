/**
 * Contact checks mirroring the API's rules (upstream.yaml `PhoneNumber`, `format: email`), so
 * most mistakes get a message at their field before anything is sent; the server has the last
 * word.
 */

/** Digits, spaces, `+`, `-` and brackets, with 9 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[+\d\s\-()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}

/** A plain address check (one @, a dot in the domain, no spaces). */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
