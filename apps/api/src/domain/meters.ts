import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { meters, readings } from '../db/schema.js';
import { fromMilli, toMilli } from './decimal.js';
import { fieldErrors } from './errors.js';
import { formatPragueDateTime } from './prague-time.js';
import { meterValue, userRefs } from './refs.js';
import { selectFirst } from './queries.js';

/**
 * Meters and their readings: the reading rules of upstream.yaml `createReading`, shared by the
 * tenant's submission, the operator's CLI and the demo seed, and what a meter's history says
 * (its last reading, its usual daily consumption).
 */

export type MeterRow = typeof meters.$inferSelect;
export type MeterKind = MeterRow['kind'];
export const METER_KINDS: readonly MeterKind[] = ['electricity', 'gas', 'water_cold', 'water_hot', 'heat'];
export type ReadingReason = NonNullable<(typeof readings.$inferSelect)['reason']>;
export const READING_REASONS: readonly ReadingReason[] = ['meter_replaced', 'rollover'];

type ReadingRow = typeof readings.$inferSelect;

/** A jump is implausible when its daily rate exceeds ten times the meter's usual rate. */
export const IMPLAUSIBLE_FACTOR = 10;

const DAY_MS = 86_400_000;

/** „12 650,5" – the messages are shown to tenants as they are (Czech digits and separators). */
const czechNumber = (value: string) =>
  new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 3 }).format(Number(value));

/** A reading as the plausibility rule sees it. */
interface SeriesPoint {
  id: number;
  value: string;
  readAt: Date;
}

/** Days between two instants, at least an hour's worth, so readings minutes apart never divide by ~0. */
function daysBetween(from: Date, to: Date): number {
  return Math.max((to.getTime() - from.getTime()) / DAY_MS, 1 / 24);
}

/**
 * The meter's usual consumption per day: from the start of its current series (its first
 * reading, or the last one given with a reason, since a replaced or rolled-over meter starts
 * counting anew) to its last reading. Null when the series has a single reading or shows no
 * consumption: then there is nothing to compare a jump against. listMeters publishes this
 * (`usual_daily_consumption`) so the portal can ask before sending what createReading flags.
 */
export function usualDailyConsumption(start: SeriesPoint | undefined, last: SeriesPoint | undefined): number | null {
  if (start === undefined || last === undefined || start.id === last.id) return null;
  const rate = Number(toMilli(last.value) - toMilli(start.value)) / 1000 / daysBetween(start.readAt, last.readAt);
  return rate > 0 ? rate : null;
}

/** The rule of createReading: the daily rate since the last reading is above ten times the usual. */
export function isImplausibleJump(usual: number | null, last: SeriesPoint, value: string, readAt: Date): boolean {
  if (usual === null) return false;
  const rate = Number(toMilli(value) - toMilli(last.value)) / 1000 / daysBetween(last.readAt, readAt);
  return rate > IMPLAUSIBLE_FACTOR * usual;
}

export interface MeterReadingState {
  last: SeriesPoint;
  usualDailyConsumption: number | null;
}

/**
 * Per meter: the last reading and the usual daily consumption of its current series. Three
 * DISTINCT ON lookups on the (meter_id, read_at) index instead of loading whole histories.
 */
export async function readingStates(db: Database, meterIds: number[]): Promise<Map<number, MeterReadingState>> {
  if (meterIds.length === 0) return new Map();
  const columns = { id: readings.id, meterId: readings.meterId, value: readings.value, readAt: readings.readAt };
  const ofMeters = inArray(readings.meterId, meterIds);
  const [lasts, restarts, firsts] = await Promise.all([
    db
      .selectDistinctOn([readings.meterId], columns)
      .from(readings)
      .where(ofMeters)
      .orderBy(readings.meterId, desc(readings.readAt), desc(readings.id)),
    db
      .selectDistinctOn([readings.meterId], columns)
      .from(readings)
      .where(and(ofMeters, isNotNull(readings.reason)))
      .orderBy(readings.meterId, desc(readings.readAt), desc(readings.id)),
    db
      .selectDistinctOn([readings.meterId], columns)
      .from(readings)
      .where(ofMeters)
      .orderBy(readings.meterId, asc(readings.readAt), asc(readings.id)),
  ]);
  const point = (row: (typeof lasts)[number]): SeriesPoint => ({
    id: row.id,
    value: meterValue(row.value) ?? '0',
    readAt: row.readAt,
  });
  const byMeter = (rows: typeof lasts) => new Map(rows.map((row) => [row.meterId, point(row)]));
  const restartOf = byMeter(restarts);
  const firstOf = byMeter(firsts);
  const states = new Map<number, MeterReadingState>();
  for (const row of lasts) {
    const last = point(row);
    const start = restartOf.get(row.meterId) ?? firstOf.get(row.meterId);
    states.set(row.meterId, { last, usualDailyConsumption: usualDailyConsumption(start, last) });
  }
  return states;
}

export async function serializeReadings(db: Database, rows: ReadingRow[]) {
  const submitters = rows.map((row) => row.submittedBy);
  const people = await userRefs(db, submitters);
  return rows.map((row) => ({
    id: row.id,
    meter: row.meterId,
    value: meterValue(row.value) ?? '0',
    note: row.note,
    picture: null,
    reason: row.reason,
    read_at: row.readAt.toISOString(),
    submitted_by: row.submittedBy === null ? null : (people.get(row.submittedBy) ?? null),
    previous_value: meterValue(row.previousValue),
    consumption: meterValue(row.consumption),
    implausible_jump: row.implausibleJump,
  }));
}

/**
 * The reading rules (upstream.yaml `createReading`): an equal value is fine; a lower one needs a
 * reason (`meter_replaced`, `rollover`); a jump far above the usual daily consumption is stored
 * but flagged. Runs in the caller's transaction with the meter row locked, so two concurrent
 * submissions are judged one after the other.
 */
export async function recordReading(
  tx: Database,
  input: {
    meterId: number;
    value: string;
    note: string | null;
    reason: ReadingReason | null;
    userId: number | null;
    readAt?: Date;
  },
): Promise<ReadingRow> {
  await tx.select({ id: meters.id }).from(meters).where(eq(meters.id, input.meterId)).for('update');
  const history = await tx
    .select({ id: readings.id, value: readings.value, readAt: readings.readAt, reason: readings.reason })
    .from(readings)
    .where(eq(readings.meterId, input.meterId))
    .orderBy(asc(readings.readAt), asc(readings.id));
  const readAt = input.readAt ?? new Date();
  const value = toMilli(input.value);
  const last = history.at(-1);
  if (last !== undefined && readAt < last.readAt) {
    // Only the operator's CLI and the seed date readings; a reading never goes before the last.
    throw fieldErrors({
      read_at: [`Odečet nemůže předcházet poslednímu odečtu (${formatPragueDateTime(last.readAt)}).`],
    });
  }
  let consumption: bigint | null = null;
  let implausible = false;
  if (last !== undefined) {
    const previous = toMilli(last.value);
    if (value < previous && input.reason === null) {
      throw fieldErrors({
        value: [
          `Hodnota je nižší než poslední odečet (${czechNumber(fromMilli(previous))}). Pokud byl měřič vyměněn nebo přetočen, uveďte důvod (výměna měřiče nebo přetočení).`,
        ],
      });
    }
    if (input.reason === null) {
      consumption = value - previous;
      // The usual rate counts only the history since the last replacement or rollover.
      const restart = history.findLastIndex((row) => row.reason !== null);
      const start = history[Math.max(restart, 0)];
      const usual = usualDailyConsumption(start, last);
      implausible = isImplausibleJump(usual, last, fromMilli(value), readAt);
    }
  }
  const [row] = await tx
    .insert(readings)
    .values({
      meterId: input.meterId,
      value: fromMilli(value),
      note: input.note,
      reason: input.reason,
      readAt,
      submittedBy: input.userId,
      previousValue: last === undefined ? null : fromMilli(toMilli(last.value)),
      consumption: consumption === null ? null : fromMilli(consumption),
      implausibleJump: implausible,
    })
    .returning();
  if (row === undefined) throw new Error('reading insert returned no row');
  return row;
}

/** The unit a meter of this kind counts in. */
export function unitOf(kind: MeterKind): MeterRow['unit'] {
  return kind === 'electricity' ? 'kWh' : kind === 'heat' ? 'GJ' : 'm3';
}

export async function createMeter(
  db: Database,
  meter: {
    tenantId: string;
    buildingId: number;
    serialNumber: string;
    kind: MeterKind;
    location?: string | null | undefined;
  },
): Promise<MeterRow> {
  const [row] = await db
    .insert(meters)
    .values({ ...meter, unit: unitOf(meter.kind), location: meter.location ?? null })
    .returning();
  if (row === undefined) throw new Error(`Inserting the meter ${meter.serialNumber} returned no row.`);
  return row;
}

/** The meter, when it belongs to the tenant (any tenant's for the operator, `tenantId` null). */
export async function findMeter(db: Database, id: number, tenantId: string | null): Promise<MeterRow | undefined> {
  return selectFirst(
    db,
    meters,
    tenantId === null ? eq(meters.id, id) : and(eq(meters.id, id), eq(meters.tenantId, tenantId)),
  );
}
