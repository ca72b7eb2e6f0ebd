import { count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { staffBuildings, tenantAccess, totpAuthenticators, users } from '../db/schema.js';
import { hashPassword } from '../security/password-hash.js';
import { fieldErrors } from './errors.js';

export type User = typeof users.$inferSelect;

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

export interface UserWithAccess {
  user: User;
  tenantAllowed: boolean;
  /** The buildings a staff member is limited to (null: none or every one); undefined: not read. */
  staffBuildingIds?: number[] | null;
  /** Whether the user has an active second factor (staff need one); read with staffBuildingIds. */
  secondFactor?: boolean;
}

export interface UserRepository {
  findById(id: number): Promise<User | undefined>;
  /**
   * The user of a token together with what they may act for, in one round trip: every
   * tenant-scoped request needs the user and its access to `tenantId`, every staff request the
   * user and its buildings, and asking separately doubles its database latency.
   * `tenantAllowed` is false when `tenantId` is null; `staffBuildingIds` and `secondFactor`
   * are only read when `tenantId` is null (staff requests name no tenant); `staffBuildingIds`
   * is null for an unlimited scope.
   */
  findByIdWithAccess(id: number, tenantId: string | null): Promise<UserWithAccess | undefined>;
  /** Case-insensitive, like allauth's e-mail login; surrounding spaces are ignored. */
  findByEmail(email: string): Promise<User | undefined>;
  /** Replaces the stored hash (login upgrades outdated scrypt parameters with it). */
  updatePasswordHash(id: number, passwordHash: string, db?: Database): Promise<void>;
}

/** User lookups shared by authentication, login, profile, password reset and the CLI. */
export function createUserRepository(db: Database): UserRepository {
  // Runs on every authenticated request, so it is built once and, on PostgreSQL, prepared as
  // a named statement per connection (parsed and planned once instead of per request).
  let prepared: ReturnType<typeof prepareUserWithAccess> | undefined;
  const userWithAccess = () => (prepared ??= prepareUserWithAccess(db));
  let preparedStaff: ReturnType<typeof prepareUserWithStaffBuildings> | undefined;
  const userWithStaffBuildings = () => (preparedStaff ??= prepareUserWithStaffBuildings(db));
  return {
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByIdWithAccess(id, tenantId) {
      if (tenantId === null) {
        const [row] = await userWithStaffBuildings().execute({ id });
        if (row === undefined) return undefined;
        const { staffBuildingIds, secondFactor, ...user } = row;
        return {
          user,
          tenantAllowed: false,
          staffBuildingIds: user.isStaff ? staffBuildingIds : null,
          secondFactor: secondFactor === true,
        };
      }
      const [row] = await userWithAccess().execute({ id, tenantId });
      if (row === undefined) return undefined;
      const { tenantAllowed, ...user } = row;
      return { user, tenantAllowed: tenantAllowed === true };
    },
    findByEmail: (email) => findUserByEmail(db, email),
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
 * Whether the outer `users` row has an active second factor. Written out with its tables named:
 * in a one-table select drizzle writes the select list's columns unqualified (`"id"`), which
 * inside this subquery would name its own table's column if it had one.
 */
export const activeSecondFactorSql = sql<boolean>`exists (select 1 from ${totpAuthenticators} f where f.user_id = ${users}.id and f.activated_at is not null)`;

function prepareUserWithStaffBuildings(db: Database) {
  return db
    .select({
      ...getTableColumns(users),
      // Sorted like staffBuildingIds (staff.ts); array_agg over no rows is null: every building.
      staffBuildingIds: sql<
        number[] | null
      >`(select array_agg(${staffBuildings.buildingId} order by ${staffBuildings.buildingId}) from ${staffBuildings} where ${staffBuildings.userId} = ${users.id})`,
      // The staff guard's second check (ADR 012) in the same round trip.
      secondFactor: activeSecondFactorSql,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('portal_user_with_staff_buildings');
}

/** Case-insensitive, like allauth's e-mail login; surrounding spaces are ignored. */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    // Same expression as the users_email_lower_key index, so the lookup uses it.
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export interface NewUser {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phone?: string | null | undefined;
  /** The operator's staff: assignees and authors of answers, with no tenant access. */
  isStaff?: boolean | undefined;
}

/** A user row ready to insert, its password already hashed (hashing is slow; see {@link insertUser}). */
export type PreparedUser = typeof users.$inferInsert;

/** Hashes the password of a new user; done before a transaction, since scrypt needs no database. */
export async function prepareUser(user: NewUser): Promise<PreparedUser> {
  return {
    email: user.email,
    passwordHash: await hashPassword(user.password),
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? null,
    isStaff: user.isStaff === true,
  };
}

export async function insertUser(db: Database, user: PreparedUser): Promise<User> {
  const [row] = await db.insert(users).values(user).returning();
  if (row === undefined) throw new Error(`Inserting the user ${user.email} returned no row.`);
  return row;
}

export async function createUser(db: Database, user: NewUser): Promise<User> {
  return insertUser(db, await prepareUser(user));
}

export interface ProfileChanges {
  first_name?: string | undefined;
  last_name?: string | undefined;
  phone?: string | null | undefined;
}

/**
 * The profile's own changes (upstream.yaml `updateMyProfile`): only the fields sent, names and
 * phone trimmed, an empty phone stored as none.
 */
export async function updateProfile(db: Database, user: User, changes: ProfileChanges): Promise<User> {
  const values: Partial<User> = {};
  if (changes.first_name !== undefined) values.firstName = changes.first_name.trim();
  if (changes.last_name !== undefined) values.lastName = changes.last_name.trim();
  if (changes.phone !== undefined) values.phone = changes.phone?.trim() || null;
  if (Object.keys(values).length === 0) {
    throw fieldErrors({ non_field_errors: ['Zadejte alespoň jeden údaj ke změně.'] });
  }
  const [updated] = await db.update(users).set(values).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** How many accounts exist; the demo seed runs only into a store without any. */
export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}
