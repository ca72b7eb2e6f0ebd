import { vocative } from 'czech-vocative';

/**
 * The name a Czech greeting addresses („Dobrý den, Jano“, „Petře“): the first name in the
 * vocative, by the czech-vocative library's suffix tables. Only one word of letters is declined;
 * when there is none (no first name, initials, several words, digits), the full name as written
 * – never a wrongly declined one.
 */
export function greetingName(firstName: string, displayName: string): string {
  const name = firstName.trim();
  if (!/^\p{L}{2,}$/u.test(name)) return displayName.trim() || name;
  return vocative(name);
}
