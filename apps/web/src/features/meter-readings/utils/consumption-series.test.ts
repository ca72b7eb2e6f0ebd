import { describe, expect, it } from 'vitest';
import { consumptionSeries, summarizeConsumption } from './consumption-series.ts';

// Newest first, as the API lists them: a replacement in between and the very first reading.
const readings = [
  { id: 5, read_at: '2026-11-01T09:00:00Z', consumption: '20.5', reason: null },
  { id: 4, read_at: '2026-10-01T08:00:00Z', consumption: '10', reason: null },
  { id: 3, read_at: '2026-09-01T08:00:00Z', consumption: null, reason: 'meter_replaced' },
  { id: 2, read_at: '2026-08-01T08:00:00Z', consumption: '300', reason: null },
  { id: 1, read_at: '2026-07-01T08:00:00Z', consumption: null, reason: null },
];

describe('consumptionSeries', () => {
  it('gives one point per interval, oldest first; the replacement keeps its place without a bar', () => {
    expect(consumptionSeries(readings)).toEqual([
      { id: 2, startedAt: '2026-07-01T08:00:00Z', readAt: '2026-08-01T08:00:00Z', consumption: 300 },
      { id: 3, startedAt: '2026-08-01T08:00:00Z', readAt: '2026-09-01T08:00:00Z', consumption: null },
      { id: 4, startedAt: '2026-09-01T08:00:00Z', readAt: '2026-10-01T08:00:00Z', consumption: 10 },
      { id: 5, startedAt: '2026-10-01T08:00:00Z', readAt: '2026-11-01T09:00:00Z', consumption: 20.5 },
    ]);
  });

  it('knows no start for an interval whose first reading is on the next page', () => {
    expect(consumptionSeries(readings.slice(0, 1))).toEqual([
      { id: 5, startedAt: null, readAt: '2026-11-01T09:00:00Z', consumption: 20.5 },
    ]);
  });
});

describe('summarizeConsumption', () => {
  it('names the span and the lowest and highest interval, counting only intervals with consumption', () => {
    expect(summarizeConsumption(consumptionSeries(readings))).toEqual({
      count: 3,
      from: '2026-07-01T08:00:00Z',
      to: '2026-11-01T09:00:00Z',
      min: 10,
      max: 300,
    });
  });

  it('has nothing to say without a bar', () => {
    expect(summarizeConsumption([])).toBeNull();
    expect(summarizeConsumption(consumptionSeries([readings[2] as (typeof readings)[number]]))).toBeNull();
  });
});
