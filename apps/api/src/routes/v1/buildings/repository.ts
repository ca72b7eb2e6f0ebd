import { and, asc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { buildings } from '../../../db/schema.js';
import { tenantBuildingIds, type BuildingRow } from '../../../domain/buildings.js';
import { orderingOf, selectPage, type Page } from '../../../domain/paging.js';

export function serializeBuilding(row: BuildingRow) {
  return { id: row.id, name: row.name, street: row.street, city: row.city, postal_code: row.postalCode };
}

/** `%text%` for ILIKE, with the pattern characters in `text` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `listBuildings`: buildings are public (the anonymous forms pick one); `tenantOnly` narrows to the tenant's. */
export async function listBuildings(
  db: Database,
  filter: {
    tenantId: string | null;
    tenantOnly?: boolean | undefined;
    search?: string | undefined;
    ordering?: string | undefined;
  },
  page: Page,
) {
  const filters: SQL[] = [];
  if (filter.tenantOnly === true && filter.tenantId !== null) {
    const ids = await tenantBuildingIds(db, filter.tenantId);
    filters.push(inArray(buildings.id, ids.length > 0 ? ids : [0]));
  }
  const search = filter.search?.trim();
  if (search !== undefined && search !== '') {
    const pattern = containsPattern(search);
    filters.push(
      or(ilike(buildings.name, pattern), ilike(buildings.street, pattern), ilike(buildings.city, pattern)) as SQL,
    );
  }
  const { total, rows } = await selectPage(
    db,
    buildings,
    {
      where: filters.length > 0 ? and(...filters) : undefined,
      orderBy: orderingOf(filter.ordering, 'name', { name: buildings.name, id: buildings.id }, () => asc(buildings.id)),
    },
    page,
  );
  return { total, items: rows.map(serializeBuilding) };
}
