import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { buildings, users } from '../db/schema.js';
import { displayName } from './users.js';

/** Shared serialisers for the small reference objects of upstream.yaml. */

export interface UserRef {
  id: number;
  display_name: string;
}

export interface BuildingRef {
  id: number;
  name: string;
}

export async function userRefs(db: Database, ids: Array<number | null>): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, display_name: displayName(row) }]));
}

/** The `BuildingRef` of each row's building, by building id. */
export function buildingRefsOf(db: Database, rows: ReadonlyArray<{ buildingId: number | null }>) {
  const ids = rows.map((row) => row.buildingId);
  return buildingRefs(db, ids);
}

export async function buildingRefs(db: Database, ids: Array<number | null>): Promise<Map<number, BuildingRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(inArray(buildings.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** `numeric` columns arrive as strings; the contract wants two decimals for money. */
export function money(value: string | null): string {
  const [whole = '0', fraction = ''] = (value ?? '0').split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Meter values: the stored numeric(15,3) without trailing zeros (`"12345.600"` → `"12345.6"`). */
export function meterValue(value: string | null): string | null {
  if (value === null) return null;
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}
