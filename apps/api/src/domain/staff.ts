import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { buildings, staffBuildings, tenantBuildings, tenants, users } from '../db/schema.js';
import { drfError, fieldErrors } from './errors.js';
import type { Page, PagedRows } from './queries.js';
import { displayName, type User } from './users.js';

/**
 * The operator's staff (issue #17): users with `is_staff`, who act across tenants through the
 * staff operations (/api/v1/staff/) and `portal-admin`. A staff member may be limited to some
 * buildings (`staff_buildings`); without any row they see every building. Anything of a
 * building outside the limit is as unknown as a missing id (404).
 */

export const STAFF_ONLY_MESSAGE = 'Tato část portálu je určena jen pro správu budov.';
export const staffOnly = () => drfError(403, 'staff_only', STAFF_ONLY_MESSAGE);

/** What a staff member may see: every building (`buildingIds` null) or only these. */
export interface StaffScope {
  userId: number;
  buildingIds: readonly number[] | null;
}

/**
 * What a statement found about a staff caller whose checks it ran itself (the queue's, see
 * plugins/app/staff-guard.ts authenticateDeferringStaff): the staff guard's inputs.
 */
export interface StaffVerdict {
  /** The user of the token exists. */
  found: boolean;
  active: boolean;
  staff: boolean;
  /** An active second factor (ADR 012). */
  secondFactor: boolean;
  /** The buildings the staff member is limited to now (sorted), null when every building. */
  buildingIds: readonly number[] | null;
}

/** Everything: the operator's command line, which acts as the operator itself. */
export const UNLIMITED_SCOPE: StaffScope = { userId: 0, buildingIds: null };

/** The buildings a staff member is limited to, null when unlimited. */
export async function staffBuildingIds(db: Database, userId: number): Promise<number[] | null> {
  const rows = await db
    .select({ buildingId: staffBuildings.buildingId })
    .from(staffBuildings)
    .where(eq(staffBuildings.userId, userId));
  return rows.length === 0 ? null : rows.map((row) => row.buildingId).sort((a, b) => a - b);
}

/**
 * The scope of a user, or 403 `staff_only` for anyone not on the staff. `knownBuildingIds` are
 * the user's buildings when already read with the user (authentication does, in one query).
 */
export async function staffScopeOf(
  db: Database,
  user: Pick<User, 'id' | 'isStaff' | 'isActive'>,
  knownBuildingIds?: readonly number[] | null,
): Promise<StaffScope> {
  if (!user.isStaff || !user.isActive) throw staffOnly();
  return {
    userId: user.id,
    buildingIds: knownBuildingIds !== undefined ? knownBuildingIds : await staffBuildingIds(db, user.id),
  };
}

/** Whether the scope covers a building (a null building only for an unlimited scope). */
export function coversBuilding(scope: StaffScope, buildingId: number | null): boolean {
  if (scope.buildingIds === null) return true;
  return buildingId !== null && scope.buildingIds.includes(buildingId);
}

/** A filter on a building column for the scope; undefined when unlimited. */
export function buildingFilter(scope: StaffScope, column: Parameters<typeof inArray>[0]): SQL | undefined {
  if (scope.buildingIds === null) return undefined;
  if (scope.buildingIds.length === 0) return sql`false`;
  return inArray(column, [...scope.buildingIds]);
}

/** Limits a staff member to these buildings (none: every building). */
export async function setStaffBuildings(db: Database, userId: number, buildingIds: readonly number[]): Promise<void> {
  await db.delete(staffBuildings).where(eq(staffBuildings.userId, userId));
  if (buildingIds.length > 0) {
    await db.insert(staffBuildings).values(buildingIds.map((buildingId) => ({ userId, buildingId })));
  }
}

/* ---- versions (ETag / If-Match) --------------------------------------------------------- */

export const preconditionRequired = () =>
  drfError(
    428,
    'precondition_required',
    'Změnu nelze uložit bez verze záznamu (hlavička If-Match). Načtěte záznam znovu a změnu zopakujte.',
  );
export const staleVersion = () =>
  drfError(412, 'stale_version', 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.');

/** The weak ETag of a record version. */
export const versionTag = (version: number) => `W/"${version}"`;

/**
 * The version an `If-Match` names: `W/"7"` or `"7"`; undefined when the header is missing
 * (428), NaN when it names no version (it can match nothing: 412).
 */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '') return undefined;
  const match = /^(?:W\/)?"([1-9][0-9]{0,9})"$/.exec(value);
  return match?.[1] === undefined ? Number.NaN : Number(match[1]);
}

/** Refuses a change based on another version than the current one (nothing is changed). */
export function checkVersion(expected: number | undefined, current: number): void {
  if (expected === undefined) throw preconditionRequired();
  if (expected !== current) throw staleVersion();
}

/* ---- directory, buildings, tenants ------------------------------------------------------- */

/** `StaffMember` of every active staff member, by name (Czech collation). */
export async function listStaffMembers(db: Database) {
  const members = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)));
  const limits = await db
    .select({ userId: staffBuildings.userId, id: buildings.id, name: buildings.name })
    .from(staffBuildings)
    .innerJoin(buildings, eq(buildings.id, staffBuildings.buildingId))
    .orderBy(asc(buildings.name), asc(buildings.id));
  const collator = new Intl.Collator('cs');
  return members
    .map((member) => {
      const own = limits.filter((limit) => limit.userId === member.id).map(({ id, name }) => ({ id, name }));
      return {
        id: member.id,
        display_name: displayName(member),
        email: member.email,
        all_buildings: own.length === 0,
        buildings: own,
      };
    })
    .sort((a, b) => collator.compare(a.display_name, b.display_name) || a.id - b.id);
}

/** The buildings of the scope (`Building`), by name (Czech collation). */
export async function listScopeBuildings(db: Database, scope: StaffScope) {
  const rows = await db.select().from(buildings).where(buildingFilter(scope, buildings.id));
  const collator = new Intl.Collator('cs');
  return rows
    .map((row) => ({ id: row.id, name: row.name, street: row.street, city: row.city, postal_code: row.postalCode }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/**
 * Tenants renting space in the scope's buildings (all for an unlimited scope), by name in the
 * database's collation (a page of a long list, so not re-sorted in Node).
 */
export async function listScopeTenants(
  db: Database,
  scope: StaffScope,
  options: { search?: string | undefined; descending?: boolean },
  page: Page,
): Promise<PagedRows<{ id: string; name: string }>> {
  const filters: SQL[] = [];
  const search = options.search?.trim();
  if (search !== undefined && search !== '') {
    filters.push(ilike(tenants.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  if (scope.buildingIds !== null) {
    const limit = buildingFilter(scope, tenantBuildings.buildingId);
    filters.push(
      sql`exists (select 1 from ${tenantBuildings} where ${tenantBuildings.tenantId} = ${tenants.id} and ${limit})`,
    );
  }
  const where = filters.length === 0 ? undefined : and(...filters);
  const [counted] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(tenants)
    .where(where);
  const total = counted?.value ?? 0;
  if (page.offset >= total) return { total, rows: [] };
  const direction = options.descending === true ? sql`desc` : sql`asc`;
  const rows = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(where)
    .orderBy(sql`${tenants.name} ${direction}`, sql`${tenants.id} ${direction}`)
    .limit(page.limit)
    .offset(page.offset);
  return { total, rows };
}

/** A staff member who may take a ticket of this building (400 on `assignee` otherwise). */
export async function requireAssignableStaff(db: Database, userId: number, buildingId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user === undefined || !user.isStaff || !user.isActive) {
    throw fieldErrors({ assignee: ['Řešitelem může být jen aktivní člen správy budov.'] });
  }
  const limit = await staffBuildingIds(db, userId);
  if (limit !== null && !limit.includes(buildingId)) {
    throw fieldErrors({ assignee: ['Tento člen správy nemá na starosti budovu incidentu.'] });
  }
  return user;
}
