import type { Database } from '../db/database.js';
import type { FileStore } from '../files/file-store.js';
import { ensureTenant, grantAccess } from '../domain/tenants.js';
import { countUsers, insertUser, prepareUser } from '../domain/users.js';
import { installTotp } from '../domain/second-factor.js';
import {
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_STAFF_LIMITED,
  DEMO_STAFF_TOTP_SECRET,
  DEMO_TENANTS,
  DEMO_USERS,
} from './demo-data.js';
import { seedDemoFeatures } from './demo-seed.js';

export type SeedResult = { seeded: true; users: string[] } | { seeded: false };

/**
 * Seeds the demo tenants and users, but only into an empty store: once any user exists the
 * operator's data is never touched again, so restarts (and several instances starting at
 * once, which run this under the start-up lock) are idempotent. Everything goes through the
 * domain services, so the demo obeys the rules the API and the CLI obey.
 */
export async function seedDemoData(
  db: Database,
  /** The file store for the demo ticket's attachment (on `db`'s connection); none, no attachment. */
  options: { fileStore?: FileStore } = {},
): Promise<SeedResult> {
  if ((await countUsers(db)) > 0) return { seeded: false };

  const demoUsers = Object.values(DEMO_USERS);
  // Hash outside the transaction: scrypt is slow and needs no database.
  const prepared = await Promise.all(demoUsers.map(async (user) => ({ user, row: await prepareUser(user) })));
  const staff = await prepareUser({ ...DEMO_STAFF, password: DEMO_PASSWORD, isStaff: true });
  const limitedStaff = await prepareUser({
    email: DEMO_STAFF_LIMITED.email,
    firstName: DEMO_STAFF_LIMITED.firstName,
    lastName: DEMO_STAFF_LIMITED.lastName,
    password: DEMO_PASSWORD,
    isStaff: true,
  });

  await db.transaction(async (tx) => {
    for (const tenant of Object.values(DEMO_TENANTS)) await ensureTenant(tx, tenant);
    const ids: number[] = [];
    for (const { user, row } of prepared) {
      const { id } = await insertUser(tx, row);
      ids.push(id);
      await grantAccess(tx, id, user.tenantIds);
    }
    // Seeded after the demo users so their ids stay 1 and 2, as before this data existed.
    const staffRow = await insertUser(tx, staff);
    const limitedStaffRow = await insertUser(tx, limitedStaff);
    // Staff must have a second factor (ADR 012): the demo's is a documented secret (README).
    await installTotp(tx, staffRow.id, DEMO_STAFF_TOTP_SECRET);
    await installTotp(tx, limitedStaffRow.id, DEMO_STAFF_TOTP_SECRET);
    await seedDemoFeatures(
      tx,
      { janaId: ids[0] ?? 0, petrId: ids[1] ?? 0, staffId: staffRow.id, limitedStaffId: limitedStaffRow.id },
      new Date(),
      options.fileStore?.on(tx),
    );
  });
  return { seeded: true, users: demoUsers.map((user) => user.email) };
}
