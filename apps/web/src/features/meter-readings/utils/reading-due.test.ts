import { describe, expect, it } from 'vitest';
import { isReadingDue, READING_INTERVAL_DAYS } from './reading-due.ts';

const now = new Date('2026-11-26T10:00:00Z');
const readAt = (days: number) => ({
  id: 1,
  value: '1.000',
  read_at: new Date(now.getTime() - days * 86_400_000).toISOString(),
});

describe('isReadingDue', () => {
  it('is due without any reading, or when the last one is older than the interval', () => {
    expect(isReadingDue({ last_reading: null }, now)).toBe(true);
    expect(isReadingDue({ last_reading: readAt(READING_INTERVAL_DAYS + 1) }, now)).toBe(true);
    expect(isReadingDue({ last_reading: readAt(READING_INTERVAL_DAYS - 1) }, now)).toBe(false);
    expect(isReadingDue({ last_reading: readAt(0) }, now)).toBe(false);
  });
});
