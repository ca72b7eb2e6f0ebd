import type { operations } from '@portal/openapi/upstream-types';
import { and, asc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { buildings } from '../../../db/schema.js';
import { tenantBuildingIds, type BuildingRow } from '../../../domain/buildings.js';
import { selectPage, sortable, type Page } from '../../../domain/queries.js';

type Query = NonNullable<operations['listBuildings']['parameters']['query']>;

const ordering = sortable({ name: buildings.name, id: buildings.id }, 'name', () => asc(buildings.id));

export function serializeBuilding(row: BuildingRow) {
  return { id: row.id, name: row.name, street: row.street, city: row.city, postal_code: row.postalCode };
}

/** `%text%` for ILIKE, with the pattern characters in `text` matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `listBuildings`: buildings are public (the anonymous forms pick one); `tenant_only` narrows to the tenant's. */
export async function listBuildings(db: Database, tenantId: string | null, query: Query, page: Page) {
  const filters: SQL[] = [];
  if (query.tenant_only === true && tenantId !== null) {
    const ids = await tenantBuildingIds(db, tenantId);
    filters.push(inArray(buildings.id, ids.length > 0 ? ids : [0]));
  }
  const search = query.search?.trim();
  if (search !== undefined && search !== '') {
    const pattern = containsPattern(search);
    filters.push(
      or(ilike(buildings.name, pattern), ilike(buildings.street, pattern), ilike(buildings.city, pattern)) as SQL,
    );
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const { total, rows } = await selectPage(db, buildings, page, where, ordering(query.ordering));
  return { total, items: rows.map(serializeBuilding) };
}
