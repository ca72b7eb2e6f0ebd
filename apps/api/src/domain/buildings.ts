import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { buildings, tenantBuildings } from '../db/schema.js';
import { selectFirst } from './queries.js';

export type BuildingRow = typeof buildings.$inferSelect;

export interface NewBuilding {
  name: string;
  street: string;
  city: string;
  postalCode: string;
}

/** A building, and the tenants who rent space in it (who then see its rooms and outages). */
export async function createBuilding(
  db: Database,
  building: NewBuilding,
  tenantIds: readonly string[] = [],
): Promise<BuildingRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(buildings).values(building).returning();
    if (row === undefined) throw new Error(`Inserting the building ${building.name} returned no row.`);
    for (const tenantId of tenantIds) await tx.insert(tenantBuildings).values({ tenantId, buildingId: row.id });
    return row;
  });
}

/** The buildings where a tenant rents space. */
export async function tenantBuildingIds(db: Database, tenantId: string): Promise<number[]> {
  const rows = await db
    .select({ id: tenantBuildings.buildingId })
    .from(tenantBuildings)
    .where(eq(tenantBuildings.tenantId, tenantId));
  return rows.map((row) => row.id);
}

export async function findBuilding(db: Database, id: number): Promise<BuildingRow | undefined> {
  return selectFirst(db, buildings, eq(buildings.id, id));
}
