import { compareMeterValues, meterValueDifference } from './meter-value.ts';

/**
 * What to ask before a reading is sent, judged by the same rules as the API's createReading
 * (openapi/upstream.yaml): a value below the last reading is refused without a reason (the
 * meter was replaced or rolled over), and a jump whose daily rate exceeds ten times the meter's
 * usual daily consumption is stored but flagged. The API publishes that usual consumption on
 * each meter (`usual_daily_consumption`), so the portal asks first instead of after the fact.
 */

/** upstream.yaml createReading: "more than ten times the meter's average daily rate". */
export const IMPLAUSIBLE_FACTOR = 10;

const DAY_MS = 86_400_000;
/** The API counts at least an hour between readings, so minutes apart never divide by ~0. */
const MIN_DAYS = 1 / 24;

export interface MeterState {
  last_reading: { value: string; read_at: string } | null;
  usual_daily_consumption: number | null;
}

export type ReadingCheck =
  | { kind: 'ok' }
  | { kind: 'lower'; last: { value: string; read_at: string } }
  | {
      kind: 'jump';
      last: { value: string; read_at: string };
      /** Consumption since the last reading, in the meter's unit. */
      consumption: number;
      dailyRate: number;
      usualDailyRate: number;
    };

export function checkReading(meter: MeterState, value: string, now: Date = new Date()): ReadingCheck {
  const last = meter.last_reading;
  if (last === null) return { kind: 'ok' };
  if (compareMeterValues(value, last.value) < 0) return { kind: 'lower', last };
  const usual = meter.usual_daily_consumption;
  if (usual === null || usual <= 0) return { kind: 'ok' };
  const consumption = meterValueDifference(value, last.value);
  const days = Math.max((now.getTime() - Date.parse(last.read_at)) / DAY_MS, MIN_DAYS);
  const dailyRate = consumption / days;
  return dailyRate > IMPLAUSIBLE_FACTOR * usual
    ? { kind: 'jump', last, consumption, dailyRate, usualDailyRate: usual }
    : { kind: 'ok' };
}
