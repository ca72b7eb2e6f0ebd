import { describe, expect, it } from 'vitest';
import { outageTiming } from './outage-timing.ts';

const NOW = new Date('2026-12-05T10:00:00Z');

describe('outageTiming', () => {
  it('under way from its start until its end; an unknown end never passes', () => {
    expect(outageTiming({ starts_at: '2026-12-05T09:00:00Z', ends_at: '2026-12-05T12:00:00Z' }, NOW)).toBe('ongoing');
    expect(outageTiming({ starts_at: '2026-12-05T10:00:00Z', ends_at: '2026-12-05T12:00:00Z' }, NOW)).toBe('ongoing');
    expect(outageTiming({ starts_at: '2026-12-01T09:00:00Z', ends_at: null }, NOW)).toBe('ongoing');
    expect(outageTiming({ starts_at: '2026-12-06T09:00:00Z', ends_at: null }, NOW)).toBe('upcoming');
    expect(outageTiming({ starts_at: '2026-12-05T11:00:00Z', ends_at: '2026-12-05T12:00:00Z' }, NOW)).toBe('upcoming');
    expect(outageTiming({ starts_at: '2026-12-05T08:00:00Z', ends_at: '2026-12-05T10:00:00Z' }, NOW)).toBe('past');
  });
});
