import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
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

/** A jump is implausible when its daily rate exceeds ten times the meter's average so far. */
export const IMPLAUSIBLE_FACTOR = 10;

async function lastReadings(db: Database, meterIds: number[]) {
  if (meterIds.length === 0) return new Map<number, { id: number; value: string; read_at: string }>();
  const rows = await db
    .selectDistinctOn([readings.meterId], {
      id: readings.id,
      meterId: readings.meterId,
      value: readings.value,
      readAt: readings.readAt,
    })
    .from(readings)
    .where(inArray(readings.meterId, meterIds))
    .orderBy(readings.meterId, desc(readings.readAt), desc(readings.id));
  return new Map(
    rows.map((row) => [
      row.meterId,
      { id: row.id, value: meterValue(row.value) ?? '0', read_at: row.readAt.toISOString() },
    ]),
  );
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
  input: { meterId: number; value: string; note: string | null; reason: string | null; userId: number | null; readAt?: Date },
): Promise<ReadingRow> {
  await tx.select({ id: meters.id }).from(meters).where(eq(meters.id, input.meterId)).for('update');
  const history = await tx
    .select({ value: readings.value, readAt: readings.readAt })
    .from(readings)
    .where(eq(readings.meterId, input.meterId))
    .orderBy(asc(readings.readAt), asc(readings.id));
  const readAt = input.readAt ?? new Date();
  const value = toMilli(input.value);
  const last = history.at(-1);
  let consumption: bigint | null = null;
  let implausible = false;
  if (last !== undefined) {
    const previous = toMilli(last.value);
    if (value < previous && input.reason === null) {
      throw new ApiError(400, {
        value: [
          `Hodnota je nižší než poslední odečet (${fromMilli(previous)}). Pokud byl měřič vyměněn nebo přetočen, uveďte důvod (výměna měřiče nebo přetočení).`,
        ],
      });
    }
    if (input.reason === null) {
      consumption = value - previous;
      // The usual rate counts only the history since the last replacement or rollover.
      const first = history[0];
      const days = (a: Date, b: Date) => Math.max((b.getTime() - a.getTime()) / 86_400_000, 1 / 24);
      if (first !== undefined && history.length >= 2 && first !== last) {
        const usual = Number(toMilli(last.value) - toMilli(first.value)) / days(first.readAt, last.readAt);
        const now = Number(consumption) / days(last.readAt, readAt);
        implausible = usual > 0 ? now > IMPLAUSIBLE_FACTOR * usual : false;
      }
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
    const query = request.query as { page?: number; page_size?: number; ordering?: string; building?: number; kind?: string };
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
    const [places, last] = await Promise.all([
      buildingRefs(
        fastify.db,
        rows.map((row) => row.buildingId),
      ),
      lastReadings(
        fastify.db,
        rows.map((row) => row.id),
      ),
    ]);
    return reply.header('x-total-count', String(total?.value ?? 0)).send(
      rows.map((row) => ({
        id: row.id,
        serial_number: row.serialNumber,
        kind: row.kind,
        unit: row.unit,
        building: places.get(row.buildingId) ?? { id: row.buildingId, name: '' },
        location: row.location,
        last_reading: last.get(row.id) ?? null,
      })),
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
