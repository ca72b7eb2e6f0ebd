import { minutesOfTime, pragueInstant } from '#src/lib/prague-time.ts';

/** What the grid needs from a room (MeetingRoom or RoomAvailability). */
export interface SlotRules {
  opening_time: string;
  closing_time: string;
  slot_minutes: number;
}

export interface BusyRange {
  starts_at: string;
  ends_at: string;
}

export type SlotState = 'free' | 'busy' | 'past';

/** One step of a room's grid on one Prague day; `start`/`end` are minutes after midnight. */
export interface Slot {
  day: string;
  start: number;
  end: number;
  state: SlotState;
}

/** Consecutive slots of one state, merged („volno 10:30–18:00"). */
export interface SlotRun {
  day: string;
  start: number;
  end: number;
  state: SlotState;
}

/** The times a reservation may start and end at (upstream.yaml createReservation: the grid). */
export function gridTimes(rules: SlotRules): { starts: number[]; ends: number[] } {
  const opening = minutesOfTime(rules.opening_time);
  const closing = minutesOfTime(rules.closing_time);
  const starts: number[] = [];
  for (let minute = opening; minute + rules.slot_minutes <= closing; minute += rules.slot_minutes) starts.push(minute);
  return { starts, ends: starts.map((start) => start + rules.slot_minutes) };
}

/**
 * The day's grid with each slot's state: `past` once it has started (the API books only the
 * future), `busy` when a confirmed reservation overlaps it, otherwise `free`.
 */
export function daySlots(day: string, rules: SlotRules, busy: readonly BusyRange[], now: Date): Slot[] {
  const taken = busy.map((range) => [Date.parse(range.starts_at), Date.parse(range.ends_at)] as const);
  return gridTimes(rules).starts.map((start) => {
    const end = start + rules.slot_minutes;
    const from = pragueInstant(day, start).getTime();
    const to = pragueInstant(day, end).getTime();
    const state: SlotState = taken.some(([busyFrom, busyTo]) => busyFrom < to && busyTo > from)
      ? 'busy'
      : from <= now.getTime()
        ? 'past'
        : 'free';
    return { day, start, end, state };
  });
}

/** Merges neighbouring slots of the same state. */
export function slotRuns(slots: readonly Slot[]): SlotRun[] {
  const runs: SlotRun[] = [];
  for (const slot of slots) {
    const last = runs.at(-1);
    if (last && last.state === slot.state && last.end === slot.start && last.day === slot.day) last.end = slot.end;
    else runs.push({ ...slot });
  }
  return runs;
}

/** How long a picked slot is booked for by default: an hour (or one slot when slots are longer). */
export const DEFAULT_BOOKING_MINUTES = 60;

/**
 * The end to suggest for a reservation starting at `start` on `day`: the default length, cut
 * short by the next busy or past slot, the closing time and the room's maximum, and always on
 * the grid (at least one slot).
 */
export function suggestedEnd(
  start: number,
  slots: readonly Slot[],
  rules: SlotRules & { max_duration_minutes: number },
): number {
  const limit = start + Math.min(Math.max(DEFAULT_BOOKING_MINUTES, rules.slot_minutes), rules.max_duration_minutes);
  let end = start + rules.slot_minutes;
  for (const slot of slots) {
    if (slot.start < end) continue;
    if (slot.start !== end || slot.state !== 'free' || slot.end > limit) break;
    end = slot.end;
  }
  return end;
}
