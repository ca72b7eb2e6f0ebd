import { describe, expect, it } from 'vitest';
import { formatOutageWhen, outageTiming } from './outage-timing.ts';

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

describe('formatOutageWhen', () => {
  const n = (text: string) => text.replace(/\u00a0/g, ' ');
  it('writes Prague times, one day with a bare dash, several days with spaces', () => {
    // 07:00Z is 8:00 in Prague in winter, 06:00Z is 8:00 in summer.
    expect(n(formatOutageWhen({ starts_at: '2026-12-05T07:00:00Z', ends_at: '2026-12-05T13:00:00Z' }))).toBe(
      '5. 12. 2026 8:00–14:00',
    );
    expect(n(formatOutageWhen({ starts_at: '2026-07-01T06:00:00Z', ends_at: '2026-07-02T16:30:00Z' }))).toBe(
      '1. 7. 2026 8:00 – 2. 7. 2026 18:30',
    );
    expect(n(formatOutageWhen({ starts_at: '2026-12-05T21:00:00Z', ends_at: null }))).toBe('5. 12. 2026 22:00');
    // 23:30Z on 31 Dec is already New Year in Prague.
    expect(n(formatOutageWhen({ starts_at: '2026-12-31T23:30:00Z', ends_at: null }))).toBe('1. 1. 2027 0:30');
  });

  it('keeps date and time together with no-break spaces', () => {
    expect(formatOutageWhen({ starts_at: '2026-12-05T07:00:00Z', ends_at: null })).toBe(
      '5.\u00a012.\u00a02026\u00a08:00',
    );
  });
});
