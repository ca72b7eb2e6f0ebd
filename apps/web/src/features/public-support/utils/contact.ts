/**
 * Contact checks of the public forms, mirroring the API's rules (upstream.yaml `PhoneNumber`,
 * `format: email`), so most mistakes are caught before a bot-protection token is spent. The
 * incidents feature has its own copy: features do not import each other.
 */

/** Digits, spaces, `+`, `-` and brackets, with 9 to 15 digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[+\d\s\-()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
}

/** A plain address check (one @, a dot in the domain, no spaces); the server has the last word. */
export function isPlausibleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
