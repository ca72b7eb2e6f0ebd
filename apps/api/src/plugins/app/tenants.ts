import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { tenantAccess, tenants } from '../../db/schema.js';

export interface Tenant {
  id: string;
  name: string;
}

export interface TenantRepository {
  /** The tenants a user may act for, sorted by name the way a Czech reader expects. */
  listForUser(userId: number): Promise<Tenant[]>;
  userHasAccess(userId: number, tenantId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantRepository;
  }
}

// Sorted in Node rather than in SQL: PGlite and a PostgreSQL server may have different
// collations, and the list per user is short.
const czech = new Intl.Collator('cs');

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

/** Tenant-access lookups shared by GET /tenant_access/ and the X-Tenant-ID guard. */
export const tenantsPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorate('tenants', createTenantRepository(fastify.db));
    done();
  },
  { name: 'tenants', dependencies: ['database'] },
);
