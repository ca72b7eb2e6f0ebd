import { formatMinutes } from '#src/lib/format.ts';
import { formatDayInput, parseDayInput, pragueDay, pragueInstant, pragueMinutes } from '#src/lib/prague-time.ts';
import { parseTimeInput } from '#src/utils/time-input.ts';

/**
 * An outage's start and optional end as typed: Prague days („24. 11. 2026") and times („9:30").
 * Days are typed, not picked from a native date field, which shows the browser's language
 * (docs/czech.md §2).
 */
export interface OutageTimesInput {
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
}

export type OutageTimesField = keyof OutageTimesInput;

export type OutageTimesProblem = {
  field: OutageTimesField;
  kind:
    | 'dayRequired'
    | 'dayInvalid'
    | 'timeRequired'
    | 'timeInvalid'
    | 'endDayMissing'
    | 'endTimeMissing'
    | 'endBeforeStart';
};

/**
 * What is wrong with typed times, one problem per field at most, in the fields' order: a start
 * day and time, well-formed; the end may be left empty (not known yet) but not half filled, and
 * must come after the start.
 */
export function outageTimesProblems(input: OutageTimesInput): OutageTimesProblem[] {
  const problems: OutageTimesProblem[] = [];
  const day = (field: 'startDay' | 'endDay', required: boolean) => {
    const value = input[field].trim();
    if (value === '') {
      if (required) problems.push({ field, kind: 'dayRequired' });
      return null;
    }
    const parsed = parseDayInput(value);
    if (parsed === null) problems.push({ field, kind: 'dayInvalid' });
    return parsed;
  };
  const time = (field: 'startTime' | 'endTime', required: boolean) => {
    const value = input[field].trim();
    if (value === '') {
      if (required) problems.push({ field, kind: 'timeRequired' });
      return null;
    }
    const parsed = parseTimeInput(value);
    if (parsed === null) problems.push({ field, kind: 'timeInvalid' });
    return parsed;
  };
  const startDay = day('startDay', true);
  const startTime = time('startTime', true);
  const endDay = day('endDay', false);
  const endTime = time('endTime', false);
  const endDayGiven = input.endDay.trim() !== '';
  const endTimeGiven = input.endTime.trim() !== '';
  if (endDayGiven && !endTimeGiven) problems.push({ field: 'endTime', kind: 'endTimeMissing' });
  if (endTimeGiven && !endDayGiven) problems.push({ field: 'endDay', kind: 'endDayMissing' });
  if (startDay !== null && startTime !== null && endDay !== null && endTime !== null) {
    if (pragueInstant(endDay, endTime).getTime() <= pragueInstant(startDay, startTime).getTime()) {
      problems.push({ field: 'endTime', kind: 'endBeforeStart' });
    }
  }
  return problems;
}

/** The API's `starts_at` and `ends_at` for valid input (check `outageTimesProblems` first). */
export function outageTimes(input: OutageTimesInput): { starts_at: string; ends_at: string | null } {
  const instant = (day: string, time: string) =>
    pragueInstant(parseDayInput(day) as string, parseTimeInput(time) as number).toISOString();
  return {
    starts_at: instant(input.startDay, input.startTime),
    ends_at: input.endDay.trim() === '' ? null : instant(input.endDay, input.endTime),
  };
}

/** The form's values for stored times, in Prague time. */
export function outageTimesInput(startsAt: string | null, endsAt: string | null): OutageTimesInput {
  const day = (instant: string | null) => (instant ? formatDayInput(pragueDay(instant)) : '');
  const time = (instant: string | null) => (instant ? formatMinutes(pragueMinutes(instant)) : '');
  return { startDay: day(startsAt), startTime: time(startsAt), endDay: day(endsAt), endTime: time(endsAt) };
}
