import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin, setInfo, stateDir } from './production-set.js';

/** A simulated tenant's own account: its tenant, user, meter and meeting room. */
export interface Account {
  email: string;
  password: string;
  tenantId: string;
  buildingId: number;
  meterId: number;
  roomId: number;
}

interface AccountsFile {
  /** The database the accounts live in; another database means starting afresh. */
  databaseUrl: string;
  accounts: Account[];
}

/** Opening hours and grid of the rooms created here (the booking slots depend on them). */
export const ROOM = { opening: '07:00', closing: '21:00', slotMinutes: 30 } as const;

const ACCOUNTS_FILE = 'load-accounts.json';
/** Two operator commands at a time: each is a Node process, and the machine has two cores. */
const PARALLEL_COMMANDS = 2;

/**
 * Real, distinct accounts made the way an operator makes them (portal-admin through
 * `production.sh admin`; the production set never has demo users): per simulated tenant a
 * tenant, a user with access to it, an electricity meter and a meeting room in a building of
 * the batch. They are kept in the state directory (mode 700, like the set's secrets) and
 * reused by later runs against the same database, so only missing ones cost set-up time.
 */
export async function ensureAccounts(count: number, log: (line: string) => void): Promise<Account[]> {
  const { databaseUrl } = setInfo();
  const file = join(stateDir(), ACCOUNTS_FILE);
  let saved: AccountsFile | null = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AccountsFile) : null;
  if (saved?.databaseUrl !== databaseUrl) saved = { databaseUrl, accounts: [] };
  const data = saved;
  const missing = count - data.accounts.length;
  if (missing <= 0) return data.accounts.slice(0, count);

  log(`creating ${missing} tenant accounts with portal-admin (about a second per command)…`);
  const first = data.accounts.length;
  // New in every batch, so a batch that failed half-way (or a lost file) never collides with
  // the users and meters it left in the database.
  const batch = randomBytes(3).toString('hex');
  const numbers = Array.from({ length: missing }, (_, index) => first + index + 1);
  const people = await inParallel(numbers, async (number) => {
    const email = `zatez-${number}-${batch}@zatez.example.cz`;
    const password = randomBytes(12).toString('base64url');
    const tenant = await admin('create-tenant', '--name', `Zátěžový nájemce ${number} s.r.o.`);
    // `--password=…`: a generated password may start with a dash.
    await admin(
      'create-user',
      '--email',
      email,
      `--password=${password}`,
      '--first-name',
      'Zátěž',
      '--last-name',
      String(number),
    );
    await admin('grant-access', '--user', email, '--tenant', String(tenant.id));
    return { number, email, password, tenantId: String(tenant.id) };
  });
  // One building for the batch, rented by all its tenants (tickets and meters need one).
  const building = await admin(
    'create-building',
    '--name',
    `Zátěžový dům ${batch}`,
    '--street',
    `Zkušební ${first + 1}`,
    '--city',
    'Praha',
    '--postal-code',
    '110 00',
    ...people.flatMap((person) => ['--tenant', person.tenantId]),
  );
  const buildingId = Number(building.id);
  const created = await inParallel(people, async (person): Promise<Account> => {
    const meter = await admin(
      'create-meter',
      '--tenant',
      person.tenantId,
      '--building',
      String(buildingId),
      '--serial',
      `ZAT-${batch}-${person.number}`,
      '--kind',
      'electricity',
    );
    // A room of its own per tenant, so simulated tenants never compete for a slot.
    const room = await admin(
      'create-room',
      '--building',
      String(buildingId),
      '--name',
      `Zasedačka Z${person.number}`,
      '--capacity',
      '8',
      '--opening',
      ROOM.opening,
      '--closing',
      ROOM.closing,
      '--slot',
      String(ROOM.slotMinutes),
      '--max-duration',
      '120',
    );
    return {
      email: person.email,
      password: person.password,
      tenantId: person.tenantId,
      buildingId,
      meterId: Number(meter.id),
      roomId: Number(room.id),
    };
  });
  data.accounts.push(...created);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  return data.accounts.slice(0, count);
}

async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_COMMANDS, items.length) }, worker));
  return results;
}
