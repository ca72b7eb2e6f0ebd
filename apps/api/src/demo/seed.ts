import { count } from 'drizzle-orm';
import { hashPassword } from '../security/password-hash.js';
import type { Database } from './database.js';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_TENANTS, DEMO_USERS } from './demo-data.js';
import { seedDemoFeatures } from './demo-seed.js';
import { tenantAccess, tenants, users } from './schema.js';

export type SeedResult = { seeded: true; users: string[] } | { seeded: false };

/**
 * Seeds the demo tenants and users, but only into an empty store: once any user exists the
 * operator's data is never touched again, so restarts (and several instances starting at
 * once, which run this under the start-up lock) are idempotent.
 */
export async function seedDemoData(
  db: Database,
  /** The data folder, for the demo tickets' attachment files. */
  options: { dataDir?: string } = {},
): Promise<SeedResult> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return { seeded: false };

  const demoUsers = Object.values(DEMO_USERS);
  // Hash outside the transaction: scrypt is slow and needs no database.
  const hashes = await Promise.all(demoUsers.map((user) => hashPassword(user.password)));
  const staffHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    await tx.insert(tenants).values(Object.values(DEMO_TENANTS)).onConflictDoNothing();
    const ids: number[] = [];
    for (const [index, user] of demoUsers.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: user.email,
          passwordHash: hashes[index] ?? '',
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
        })
        .returning({ id: users.id });
      if (row === undefined) throw new Error(`Seeding ${user.email} returned no row.`);
      ids.push(row.id);
      await tx.insert(tenantAccess).values(user.tenantIds.map((tenantId) => ({ userId: row.id, tenantId })));
    }
    // Seeded after the demo users so their ids stay 1 and 2, as before this data existed.
    const [staff] = await tx
      .insert(users)
      .values({ ...DEMO_STAFF, passwordHash: staffHash, isStaff: true })
      .returning({ id: users.id });
    await seedDemoFeatures(
      tx,
      { janaId: ids[0] ?? 0, petrId: ids[1] ?? 0, staffId: staff?.id ?? 0 },
      new Date(),
      options.dataDir,
    );
  });
  return { seeded: true, users: demoUsers.map((user) => user.email) };
}
