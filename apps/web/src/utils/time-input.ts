/**
 * A time of day as typed into a form: „9:30", „09:30", „9.30" or „9" → minutes after midnight;
 * null when it is no time of day. Times are typed rather than picked from a native time field,
 * which shows the browser's language and clock format (docs/czech.md §2).
 */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{1,2})(?:\s*[:.]\s*(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}
