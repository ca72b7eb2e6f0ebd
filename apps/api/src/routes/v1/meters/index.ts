import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.js';
import { meters, readings } from '../../../db/schema.js';
import { fromMilli, toMilli } from '../../../domain/decimal.js';
import { buildingRefs, meterValue, userRefs } from '../../../domain/refs.js';
import { ApiError } from '../../../http/api-error.js';
import { contractSchema } from '../../../http/contract-schema.js';
import { runCreate } from '../../../http/idempotency.js';
import { assertPageExists, pageOf, pragueDayEnd, pragueDayStart } from '../../../http/pagination.js';

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

interface MeterReadingState {
  last: SeriesPoint;
  usualDailyConsumption: number | null;
}

/**
 * Per meter: the last reading and the usual daily consumption of its current series. Three
 * DISTINCT ON lookups on the (meter_id, read_at) index instead of loading whole histories.
 */
async function readingStates(db: Database, meterIds: number[]): Promise<Map<number, MeterReadingState>> {
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
  const people = await userRefs(
    db,
    rows.map((row) => row.submittedBy),
  );
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
    reason: string | null;
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
    throw new ApiError(400, {
      read_at: [`Odečet nemůže předcházet poslednímu odečtu (${last.readAt.toISOString()}).`],
    });
  }
  let consumption: bigint | null = null;
  let implausible = false;
  if (last !== undefined) {
    const previous = toMilli(last.value);
    if (value < previous && input.reason === null) {
      throw new ApiError(400, {
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

export const meterRoutes: FastifyPluginAsync = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };

  fastify.get('/meters/', { schema: contractSchema('listMeters'), ...tenantScoped }, async (request, reply) => {
    const query = request.query as {
      page?: number;
      page_size?: number;
      ordering?: string;
      building?: number;
      kind?: string;
    };
    const filters: SQL[] = [eq(meters.tenantId, request.tenantId as string)];
    if (query.building !== undefined) filters.push(eq(meters.buildingId, query.building));
    if (query.kind !== undefined) filters.push(eq(meters.kind, query.kind));
    const where = and(...filters);
    const page = pageOf(query);
    const [total] = await fastify.db.select({ value: count() }).from(meters).where(where);
    assertPageExists(page, total?.value ?? 0);
    const ordering = query.ordering ?? 'serial_number';
    const column = ordering.endsWith('kind') ? meters.kind : meters.serialNumber;
    const rows = await fastify.db
      .select()
      .from(meters)
      .where(where)
      .orderBy(ordering.startsWith('-') ? desc(column) : asc(column), asc(meters.id))
      .limit(page.limit)
      .offset(page.offset);
    const [places, states] = await Promise.all([
      buildingRefs(
        fastify.db,
        rows.map((row) => row.buildingId),
      ),
      readingStates(
        fastify.db,
        rows.map((row) => row.id),
      ),
    ]);
    return reply.header('x-total-count', String(total?.value ?? 0)).send(
      rows.map((row) => {
        const state = states.get(row.id);
        return {
          id: row.id,
          serial_number: row.serialNumber,
          kind: row.kind,
          unit: row.unit,
          building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
          location: row.location,
          last_reading:
            state === undefined
              ? null
              : { id: state.last.id, value: state.last.value, read_at: state.last.readAt.toISOString() },
          usual_daily_consumption: state?.usualDailyConsumption ?? null,
        };
      }),
    );
  });

  fastify.get('/readings/', { schema: contractSchema('listReadings'), ...tenantScoped }, async (request, reply) => {
    const query = request.query as {
      page?: number;
      page_size?: number;
      ordering?: string;
      meter?: number;
      date_from?: string;
      date_to?: string;
    };
    const tenantMeters = fastify.db
      .select({ id: meters.id })
      .from(meters)
      .where(eq(meters.tenantId, request.tenantId as string));
    const filters: SQL[] = [inArray(readings.meterId, tenantMeters)];
    if (query.meter !== undefined) filters.push(eq(readings.meterId, query.meter));
    if (query.date_from !== undefined) filters.push(gte(readings.readAt, pragueDayStart(query.date_from)));
    if (query.date_to !== undefined) filters.push(lt(readings.readAt, pragueDayEnd(query.date_to)));
    const where = and(...filters);
    const page = pageOf(query);
    const [total] = await fastify.db.select({ value: count() }).from(readings).where(where);
    assertPageExists(page, total?.value ?? 0);
    const ascending = query.ordering === 'read_at';
    const rows = await fastify.db
      .select()
      .from(readings)
      .where(where)
      .orderBy(...(ascending ? [asc(readings.readAt), asc(readings.id)] : [desc(readings.readAt), desc(readings.id)]))
      .limit(page.limit)
      .offset(page.offset);
    return reply.header('x-total-count', String(total?.value ?? 0)).send(await serializeReadings(fastify.db, rows));
  });

  fastify.post('/readings/', { schema: contractSchema('createReading'), ...tenantScoped }, async (request, reply) => {
    const body = request.body as { meter: number; value: string; note?: string | null; reason?: string | null };
    const user = request.user;
    if (user === null) throw new Error('authenticate did not set request.user');
    const [meter] = await fastify.db
      .select({ id: meters.id })
      .from(meters)
      .where(and(eq(meters.id, body.meter), eq(meters.tenantId, request.tenantId as string)))
      .limit(1);
    if (meter === undefined) throw new ApiError(400, { meter: ['Měřič nebyl nalezen mezi vašimi měřiči.'] });
    return runCreate(fastify.db, request, reply, 'createReading', async (tx) => {
      const row = await recordReading(tx, {
        meterId: meter.id,
        value: body.value,
        note: body.note?.trim() || null,
        reason: body.reason ?? null,
        userId: user.id,
      });
      const [serialized] = await serializeReadings(tx, [row]);
      return { statusCode: 201, body: serialized };
    });
  });
};
