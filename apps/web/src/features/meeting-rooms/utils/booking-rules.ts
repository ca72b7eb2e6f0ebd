import { parseDayInput, pragueDay, pragueInstant } from '#src/lib/prague-time.ts';
import { gridTimes, type SlotRules } from './slots.ts';

/** The time part of both booking forms, as typed: a day („24. 11. 2026") and two grid times (minutes, as text). */
export interface BookingTime {
  date: string;
  start: string;
  end: string;
}

export type BookingProblem =
  | { field: 'date'; kind: 'dateRequired' | 'dateInvalid' | 'dateInPast' }
  | { field: 'start'; kind: 'startRequired' | 'startInPast' | 'startOffGrid' }
  | { field: 'end'; kind: 'endRequired' | 'endNotAfterStart' | 'endOffGrid' }
  | { field: 'end'; kind: 'tooLong'; maxMinutes: number };

/**
 * The server's booking rules (upstream.yaml createReservation) checked before sending, so the
 * common mistakes get a message at their field at once; the server checks them again. One
 * problem per field, the most basic first (GOV.UK: missing, then invalid, then out of range).
 */
export function bookingProblems(
  values: BookingTime,
  room: SlotRules & { max_duration_minutes: number },
  now: Date,
): BookingProblem[] {
  const problems: BookingProblem[] = [];
  const typed = values.date.trim();
  const date = parseDayInput(typed) ?? '';
  const { starts, ends } = gridTimes(room);
  const start = values.start === '' ? null : Number(values.start);
  const end = values.end === '' ? null : Number(values.end);

  let dateOk = false;
  if (typed === '') problems.push({ field: 'date', kind: 'dateRequired' });
  else if (date === '') problems.push({ field: 'date', kind: 'dateInvalid' });
  else if (date < pragueDay(now)) problems.push({ field: 'date', kind: 'dateInPast' });
  else dateOk = true;

  if (start === null) problems.push({ field: 'start', kind: 'startRequired' });
  else if (!starts.includes(start)) problems.push({ field: 'start', kind: 'startOffGrid' });
  else if (dateOk && pragueInstant(date, start).getTime() <= now.getTime()) {
    problems.push({ field: 'start', kind: 'startInPast' });
  }

  if (end === null) problems.push({ field: 'end', kind: 'endRequired' });
  else if (!ends.includes(end)) problems.push({ field: 'end', kind: 'endOffGrid' });
  else if (start !== null && end <= start) problems.push({ field: 'end', kind: 'endNotAfterStart' });
  else if (start !== null && end - start > room.max_duration_minutes) {
    problems.push({ field: 'end', kind: 'tooLong', maxMinutes: room.max_duration_minutes });
  }
  return problems;
}

/** The instants the API expects (UTC ISO strings) for valid booking times. */
export function bookingInstants(values: BookingTime): { starts_at: string; ends_at: string } {
  const date = parseDayInput(values.date);
  if (date === null) throw new Error('bookingInstants needs a day that passed bookingProblems');
  return {
    starts_at: pragueInstant(date, Number(values.start)).toISOString(),
    ends_at: pragueInstant(date, Number(values.end)).toISOString(),
  };
}
