/**
 * Meeting rooms keep their opening hours and slot grid in Prague time (upstream.yaml
 * createReservation), so booking slots are computed there, whatever the machine's zone.
 */
const ZONE = 'Europe/Prague';

/** Today's date in Prague plus `days`, as YYYY-MM-DD. */
export function pragueDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instant of a Prague wall-clock time (minutes after midnight) on a day. */
export function pragueInstant(day: string, minutes: number): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
  // The offset at the wall time read as UTC is right except within an hour of a DST change,
  // which opening hours of 07:00–21:00 never touch.
  return new Date(wall - offsetMinutes(new Date(wall)) * 60_000);
}

function offsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
