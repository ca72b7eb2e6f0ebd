import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { tenantAccess, tenants } from '../db/schema.js';

export interface Tenant {
  id: string;
  name: string;
}

export interface TenantRepository {
  /** The tenants a user may act for, sorted by name the way a Czech reader expects. */
  listForUser(userId: number): Promise<Tenant[]>;
  userHasAccess(userId: number, tenantId: string): Promise<boolean>;
}

// Sorted in Node rather than in SQL: PGlite and a PostgreSQL server may have different
// collations, and the list per user is short.
const czech = new Intl.Collator('cs');

/** Tenant-access lookups shared by GET /tenant_access/ and the X-Tenant-ID guard. */
export function createTenantRepository(db: Database): TenantRepository {
  return {
    async listForUser(userId) {
      const rows = await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenantAccess)
        .innerJoin(tenants, eq(tenants.id, tenantAccess.tenantId))
        .where(eq(tenantAccess.userId, userId));
      return rows.sort((a, b) => czech.compare(a.name, b.name) || a.id.localeCompare(b.id));
    },
    async userHasAccess(userId, tenantId) {
      const [row] = await db
        .select({ tenantId: tenantAccess.tenantId })
        .from(tenantAccess)
        .where(and(eq(tenantAccess.userId, userId), eq(tenantAccess.tenantId, tenantId)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type TenantRow = typeof tenants.$inferSelect;

/** A new tenant; its id is a random UUID unless the operator brings one from its own records. */
export async function createTenant(
  db: Database,
  tenant: { id?: string | undefined; name: string },
): Promise<TenantRow> {
  const [row] = await db
    .insert(tenants)
    .values({ id: tenant.id ?? randomUUID(), name: tenant.name })
    .returning();
  if (row === undefined) throw new Error(`Inserting the tenant ${tenant.name} returned no row.`);
  return row;
}

/** Lets a user act for a tenant; granting it again changes nothing. */
export async function grantAccess(db: Database, userId: number, tenantIds: readonly string[]): Promise<void> {
  if (tenantIds.length === 0) return;
  await db
    .insert(tenantAccess)
    .values(tenantIds.map((tenantId) => ({ userId, tenantId })))
    .onConflictDoNothing();
}

/** Creates a tenant with a fixed id unless it exists already (the demo's tenants). */
export async function ensureTenant(db: Database, tenant: Tenant): Promise<void> {
  await db.insert(tenants).values(tenant).onConflictDoNothing();
}
