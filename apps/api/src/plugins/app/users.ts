import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { tenantAccess, users } from '../../db/schema.js';

export type User = typeof users.$inferSelect;

export interface UserRepository {
  findById(id: number): Promise<User | undefined>;
  /**
   * The user of a token together with whether they may act for `tenantId`, in one round trip:
   * every tenant-scoped request needs both, and asking separately doubles its database
   * latency. `tenantAllowed` is false when `tenantId` is null.
   */
  findByIdWithAccess(id: number, tenantId: string | null): Promise<{ user: User; tenantAllowed: boolean } | undefined>;
  /** Case-insensitive, like allauth's e-mail login; surrounding spaces are ignored. */
  findByEmail(email: string): Promise<User | undefined>;
  /** Replaces the stored hash (login upgrades outdated scrypt parameters with it). */
  updatePasswordHash(id: number, passwordHash: string, db?: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

/** "Jana Nováková", or the e-mail address when no name is known (allauth's `display`). */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

/**
 * What `String.prototype.trim()` removes (ECMA-262 WhiteSpace and LineTerminator: tab, VT,
 * FF, space, NBSP, ZWNBSP, the Zs spaces, LF, CR, LS, PS), for PostgreSQL's `btrim`, so a
 * display name built in SQL equals {@link displayName} even for names with odd spacing.
 */
export const JS_TRIM_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** {@link displayName} as SQL over a users table (or an alias of it), for JSON built by PostgreSQL. */
export function displayNameSql(table: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL {
  return sql`coalesce(nullif(btrim(${table.firstName} || ' ' || ${table.lastName}, ${JS_TRIM_CHARACTERS}), ''), ${table.email})`;
}

export function createUserRepository(db: Database): UserRepository {
  // Runs on every authenticated request, so it is built once and, on PostgreSQL, prepared as
  // a named statement per connection (parsed and planned once instead of per request).
  let prepared: ReturnType<typeof prepareUserWithAccess> | undefined;
  const userWithAccess = () => (prepared ??= prepareUserWithAccess(db));
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByIdWithAccess(id, tenantId) {
      if (tenantId === null) {
        const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
        return user === undefined ? undefined : { user, tenantAllowed: false };
      }
      const [row] = await userWithAccess().execute({ id, tenantId });
      if (row === undefined) return undefined;
      const { tenantAllowed, ...user } = row;
      return { user, tenantAllowed: tenantAllowed === true };
    },
    async findByEmail(email) {
      const [row] = await db
        .select()
        .from(users)
        // Same expression as the users_email_lower_key index, so the lookup uses it.
        .where(sql`lower(${users.email}) = lower(${email.trim()})`)
        .limit(1);
      return row;
    },
    async updatePasswordHash(id, passwordHash, tx = db) {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
  };
}

function prepareUserWithAccess(db: Database) {
  return db
    .select({
      ...getTableColumns(users),
      tenantAllowed: sql<boolean>`exists (select 1 from ${tenantAccess} where ${tenantAccess.userId} = ${users.id} and ${tenantAccess.tenantId} = ${sql.placeholder('tenantId')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('portal_user_with_tenant_access');
}

/**
 * User lookups shared by authentication, login, profile and password reset.
 * @see {@link https://github.com/fastify/demo/tree/main/src/plugins/app} (repositories as decorators)
 */
export const usersPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorate('users', createUserRepository(fastify.db));
    done();
  },
  { name: 'users', dependencies: ['database'] },
);
