import { formatMinutes } from '#src/lib/format.ts';
import { formatDayInput, parseDayInput, pragueDay, pragueInstant, pragueMinutes } from '#src/lib/prague-time.ts';

/**
 * The technician's visit window as typed into the staff detail: a Prague day and time for the
 * start and the end, and a note. Days are typed („24. 11. 2026"), not picked from a native date
 * field, because that shows the browser's language (docs/czech.md §2); times as „9:30".
 */
export interface VisitInput {
  fromDay: string;
  fromTime: string;
  toDay: string;
  toTime: string;
  note: string;
}

export type VisitField = keyof VisitInput;

export type VisitProblem =
  | { field: VisitField; kind: 'dayRequired' | 'dayInvalid' | 'timeRequired' | 'timeInvalid' }
  | { field: 'fromDay'; kind: 'inPast' }
  | { field: 'toTime'; kind: 'endBeforeStart' }
  | { field: 'toDay'; kind: 'tooLong' }
  | { field: 'note'; kind: 'noteTooLong' };

/** The API's limits (upstream.yaml VisitChange). */
export const VISIT_MAX_DAYS = 14;
export const VISIT_NOTE_MAX = 500;

/** „9:30", „09:30", „9.30" or „9" → minutes after midnight; null when it is no time of day. */
export function parseTimeInput(value: string): number | null {
  const match = /^(\d{1,2})(?:\s*[:.]\s*(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * What is wrong with a typed window, one problem per field at most, in the fields' order:
 * required and well-formed parts, a start not before today (Prague), an end after the start,
 * at most 14 days, a note of at most 500 characters.
 */
export function visitProblems(input: VisitInput, now: Date = new Date()): VisitProblem[] {
  const problems: VisitProblem[] = [];
  const day = (field: 'fromDay' | 'toDay') => {
    if (input[field].trim() === '') problems.push({ field, kind: 'dayRequired' });
    else if (parseDayInput(input[field]) === null) problems.push({ field, kind: 'dayInvalid' });
    return parseDayInput(input[field]);
  };
  const time = (field: 'fromTime' | 'toTime') => {
    if (input[field].trim() === '') problems.push({ field, kind: 'timeRequired' });
    else if (parseTimeInput(input[field]) === null) problems.push({ field, kind: 'timeInvalid' });
    return parseTimeInput(input[field]);
  };
  const fromDay = day('fromDay');
  const fromTime = time('fromTime');
  const toDay = day('toDay');
  const toTime = time('toTime');
  if (fromDay !== null && fromDay < pragueDay(now)) problems.push({ field: 'fromDay', kind: 'inPast' });
  if (fromDay !== null && fromTime !== null && toDay !== null && toTime !== null) {
    const from = pragueInstant(fromDay, fromTime).getTime();
    const to = pragueInstant(toDay, toTime).getTime();
    if (to <= from) problems.push({ field: 'toTime', kind: 'endBeforeStart' });
    else if (to - from > VISIT_MAX_DAYS * 86_400_000) problems.push({ field: 'toDay', kind: 'tooLong' });
  }
  if (input.note.trim().length > VISIT_NOTE_MAX) problems.push({ field: 'note', kind: 'noteTooLong' });
  return problems;
}

/** The API's `visit` for a valid input (check `visitProblems` first). */
export function visitChange(input: VisitInput): { from: string; to: string; note: string | null } {
  const instant = (day: string, time: string) =>
    pragueInstant(parseDayInput(day) as string, parseTimeInput(time) as number).toISOString();
  const note = input.note.trim();
  return {
    from: instant(input.fromDay, input.fromTime),
    to: instant(input.toDay, input.toTime),
    note: note === '' ? null : note,
  };
}

/** The form's values for a stored window (or empty ones), in Prague time. */
export function visitInput(visit: { from: string; to: string; note: string | null } | null): VisitInput {
  if (!visit) return { fromDay: '', fromTime: '', toDay: '', toTime: '', note: '' };
  return {
    fromDay: formatDayInput(pragueDay(visit.from)),
    fromTime: formatMinutes(pragueMinutes(visit.from)),
    toDay: formatDayInput(pragueDay(visit.to)),
    toTime: formatMinutes(pragueMinutes(visit.to)),
    note: visit.note ?? '',
  };
}
