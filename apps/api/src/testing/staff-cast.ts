import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_LIMITED, DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { findUserByEmail } from '../domain/users.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import type { DatabaseDriver } from './scratch-database.js';
import { caller, login, type Caller } from './test-client.js';

/** What a non-staff caller gets from every staff operation (403). */
export const STAFF_ONLY = { code: 'staff_only', detail: 'Tato část portálu je určena jen pro správu budov.' };

/** The demo people the staff tests act as, logged in, and the two buildings they tell apart. */
export interface StaffCast {
  /** Tomáš manages every building. */
  tomasToken: string;
  tomas: Caller;
  tomasId: number;
  /** Eva manages only Karlín. */
  eva: Caller;
  /** Jana is a tenant (Alfa), not staff. */
  janaToken: string;
  jana: Caller;
  karlinId: number;
  florencId: number;
}

export async function logInStaffCast(app: FastifyInstance): Promise<StaffCast> {
  const tomasToken = (await login(app, DEMO_STAFF.email, DEMO_PASSWORD)).access;
  const tomas = caller(app, tomasToken);
  const eva = caller(app, (await login(app, DEMO_STAFF_LIMITED.email, DEMO_PASSWORD)).access);
  const janaToken = (await login(app, DEMO_USERS.jana.email, DEMO_PASSWORD)).access;
  const jana = caller(app, janaToken, { 'x-tenant-id': DEMO_TENANTS.alfa.id });
  const buildings = (await tomas.get('/api/v1/staff/buildings/')).body as Array<{ id: number; name: string }>;
  return {
    tomasToken,
    tomas,
    tomasId: (await findUserByEmail(app.db, DEMO_STAFF.email))?.id ?? 0,
    eva,
    janaToken,
    jana,
    karlinId: buildings.find((b) => b.name === DEMO_STAFF_LIMITED.building)?.id ?? 0,
    florencId: buildings.find((b) => b.name.includes('Florenc'))?.id ?? 0,
  };
}

/** The staff cast logged in to a test app of its own. */
export interface StaffCastApp extends StaffCast {
  app: FastifyInstance;
}

/**
 * A test app on `driver` for the describe block that calls this, with the staff cast logged in:
 * built in beforeAll (read the fields in the tests, not before), closed in afterAll.
 */
export function staffCastApp(driver: DatabaseDriver): StaffCastApp {
  const cast = {} as StaffCastApp;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    Object.assign(cast, await logInStaffCast(t.app), { app: t.app });
  });
  afterAll(() => t?.close());
  return cast;
}
