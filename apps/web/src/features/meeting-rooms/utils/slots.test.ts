import { describe, expect, it } from 'vitest';
import { pragueInstant } from '#src/lib/prague-time.ts';
import { daySlots, gridTimes, slotRuns, suggestedEnd } from './slots.ts';

const ROOM = { opening_time: '08:00', closing_time: '12:00', slot_minutes: 30, max_duration_minutes: 240 };
const DAY = '2026-11-23';
const at = (hour: number, minute = 0) => pragueInstant(DAY, hour * 60 + minute).toISOString();
const EARLY = new Date('2026-11-01T00:00:00Z');

describe('the slot grid', () => {
  it('starts at opening time and ends at closing time', () => {
    const { starts, ends } = gridTimes(ROOM);
    expect(starts[0]).toBe(8 * 60);
    expect(starts.at(-1)).toBe(11 * 60 + 30);
    expect(ends[0]).toBe(8 * 60 + 30);
    expect(ends.at(-1)).toBe(12 * 60);
    expect(gridTimes({ opening_time: '07:00', closing_time: '20:00', slot_minutes: 60 }).starts).toHaveLength(13);
  });

  it('marks slots a reservation overlaps as busy, adjacent ones stay free', () => {
    const slots = daySlots(DAY, ROOM, [{ starts_at: at(9), ends_at: at(10, 30) }], EARLY);
    const state = (hour: number, minute = 0) => slots.find((slot) => slot.start === hour * 60 + minute)?.state;
    expect(state(8, 30)).toBe('free');
    expect(state(9)).toBe('busy');
    expect(state(10)).toBe('busy');
    expect(state(10, 30)).toBe('free');
  });

  it('marks slots that have started as past', () => {
    const slots = daySlots(DAY, ROOM, [], new Date(at(9, 10)));
    expect(slots.filter((slot) => slot.state === 'past').map((slot) => slot.start)).toEqual([480, 510, 540]);
    expect(slots.find((slot) => slot.start === 570)?.state).toBe('free');
  });

  it('merges neighbouring slots of one state into stretches', () => {
    const runs = slotRuns(daySlots(DAY, ROOM, [{ starts_at: at(9), ends_at: at(10, 30) }], new Date(at(8, 15))));
    expect(runs.map(({ start, end, state }) => [start, end, state])).toEqual([
      [480, 510, 'past'],
      [510, 540, 'free'],
      [540, 630, 'busy'],
      [630, 720, 'free'],
    ]);
  });
});

describe('the suggested end of a picked slot', () => {
  it('is an hour later when that is free', () => {
    const slots = daySlots(DAY, ROOM, [], EARLY);
    expect(suggestedEnd(8 * 60, slots, ROOM)).toBe(9 * 60);
  });

  it('stops at the next reservation and at closing time', () => {
    const slots = daySlots(DAY, ROOM, [{ starts_at: at(9), ends_at: at(10) }], EARLY);
    expect(suggestedEnd(8 * 60 + 30, slots, ROOM)).toBe(9 * 60);
    expect(suggestedEnd(11 * 60 + 30, slots, ROOM)).toBe(12 * 60);
  });

  it('never exceeds the maximum and is at least one slot', () => {
    const short = { ...ROOM, max_duration_minutes: 30 };
    expect(suggestedEnd(8 * 60, daySlots(DAY, short, [], EARLY), short)).toBe(8 * 60 + 30);
    const hourly = { opening_time: '07:00', closing_time: '20:00', slot_minutes: 120, max_duration_minutes: 480 };
    expect(suggestedEnd(7 * 60, daySlots(DAY, hourly, [], EARLY), hourly)).toBe(9 * 60);
  });
});
