/**
 * The consumption between consecutive readings, oldest first, for the chart and its text
 * summary. The very first reading ends no interval and gives no point; a reading that starts a
 * new series (replacement, rollover) gives a point without consumption, so the time axis keeps
 * the interval and the chart shows a gap where nothing can be said.
 */

export interface ReadingForSeries {
  id: number;
  read_at: string;
  consumption: string | null;
  reason: string | null;
}

export interface ConsumptionPoint {
  id: number;
  /** When the interval began (the reading before), when that reading is on the same page. */
  startedAt: string | null;
  /** When the interval ended (the reading's time). */
  readAt: string;
  consumption: number | null;
}

export function consumptionSeries(readingsNewestFirst: readonly ReadingForSeries[]): ConsumptionPoint[] {
  const points: ConsumptionPoint[] = [];
  readingsNewestFirst.forEach((reading, index) => {
    const startsSeries = reading.reason !== null;
    if (reading.consumption === null && !startsSeries) return;
    points.push({
      id: reading.id,
      startedAt: readingsNewestFirst[index + 1]?.read_at ?? null,
      readAt: reading.read_at,
      consumption: reading.consumption === null ? null : Number(reading.consumption),
    });
  });
  return points.reverse();
}

export interface ConsumptionSummary {
  count: number;
  from: string;
  to: string;
  min: number;
  max: number;
}

/**
 * What the chart shows, in words: how many intervals with a consumption, from when to when, the
 * lowest and highest. Null when there is no bar to draw.
 */
export function summarizeConsumption(points: readonly ConsumptionPoint[]): ConsumptionSummary | null {
  const measured = points.filter(
    (point): point is ConsumptionPoint & { consumption: number } => point.consumption !== null,
  );
  const first = measured[0];
  const last = measured.at(-1);
  if (first === undefined || last === undefined) return null;
  const values = measured.map((point) => point.consumption);
  return {
    count: measured.length,
    from: first.startedAt ?? first.readAt,
    to: last.readAt,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}
