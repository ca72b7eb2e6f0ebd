import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_LIMITED, DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { caller, login, type Caller } from './test-client.js';

/** What a non-staff caller gets from every staff operation (403). */
export const STAFF_ONLY = { code: 'staff_only', detail: 'Tato část portálu je určena jen pro správu budov.' };

/** The demo people the staff tests act as, logged in, and the two buildings they tell apart. */
export interface StaffCast {
  /** Tomáš manages every building. */
  tomasToken: string;
  tomas: Caller;
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
    eva,
    janaToken,
    jana,
    karlinId: buildings.find((b) => b.name === DEMO_STAFF_LIMITED.building)?.id ?? 0,
    florencId: buildings.find((b) => b.name.includes('Florenc'))?.id ?? 0,
  };
}
