import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_DATA_DIR_ENV, E2E_DATABASE_URL_ENV, E2E_JWT_SECRET_ENV } from './stack.js';

const run = promisify(execFile);

/** The demo operator staff member (apps/api demo data). */
export const DEMO_STAFF = 'tomas.dvorak@sprava.example.cz';

/**
 * Runs the operator CLI (`apps/api/dist/cli/portal-admin.js`) against the e2e API's database,
 * i.e. acts on the operator's side while the portal is open in the browser.
 */
export async function portalAdmin(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    'node',
    [fileURLToPath(new URL('../../apps/api/dist/cli/portal-admin.js', import.meta.url)), ...args],
    {
      env: {
        ...process.env,
        DATA_DIR: join(process.env[E2E_DATA_DIR_ENV] ?? '', 'api'),
        DATABASE_URL: process.env[E2E_DATABASE_URL_ENV] ?? '',
        JWT_SECRET: process.env[E2E_JWT_SECRET_ENV] ?? '',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
      },
      // Generous: a cold Node start on a loaded two-core machine takes tens of seconds.
      timeout: 90_000,
    },
  );
  return JSON.parse(stdout) as unknown;
}

/** A tenant user the operator creates for a test (the CLI's create-user). */
export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Where a test building stands; only the name usually matters. */
export interface NewBuilding {
  name: string;
  street?: string;
  city?: string;
  postalCode?: string;
  /** The tenant that rents space in it (its incidents, rooms and outages then show). */
  tenantId?: string;
}

/** Runs one portal-admin command: the e2e suite's (async) or the production set's (sync). */
export type PortalAdminRunner = (...args: string[]) => unknown;

/** portal-admin arguments for a building, with a Prague address unless the test names one. */
export function createBuildingArgs(building: NewBuilding): string[] {
  const { name, street = 'Dlouhá 1', city = 'Praha 1', postalCode = '110 00', tenantId } = building;
  const tenant = tenantId === undefined ? [] : ['--tenant', tenantId];
  return [
    'create-building',
    '--name',
    name,
    '--street',
    street,
    '--city',
    city,
    '--postal-code',
    postalCode,
    ...tenant,
  ];
}

/**
 * What an operator does first for a new customer: a tenant, a user with access to it and,
 * when named, a building it rents space in – through the CLI, as in production.
 */
export async function setUpTenant(
  run: PortalAdminRunner,
  setup: { tenantName: string; user: NewUser; buildingName?: string },
): Promise<{ tenantId: string; buildingId: number | null }> {
  const { tenantName, user, buildingName } = setup;
  const tenant = (await run('create-tenant', '--name', tenantName)) as { id: string };
  const userArgs = ['--email', user.email, '--password', user.password];
  await run('create-user', ...userArgs, '--first-name', user.firstName, '--last-name', user.lastName);
  await run('grant-access', '--user', user.email, '--tenant', tenant.id);
  if (buildingName === undefined) return { tenantId: tenant.id, buildingId: null };
  const building = (await run(...createBuildingArgs({ name: buildingName, tenantId: tenant.id }))) as { id: number };
  return { tenantId: tenant.id, buildingId: building.id };
}
